// Softmax at BLOCK = 1024 with 8 lanes per thread, specialized on
// tt.divisibility = 16 as the Python launcher does, as PTX for sm_90: each
// 4-lane chunk is one predicated ld/st.global.v4 (`@p`, no branch), with
// no run-time alignment test (and.b64 ..., 15), no scalar accesses and no
// local memory. A 1-D launch (g1 == 1) branches around the grid division.
// RUN: sed -e s/NUM_WARPS/4/ \
// RUN:     -e 's/%x: !tt.ptr<f32>,/%x: !tt.ptr<f32> {tt.divisibility = 16 : i32},/' \
// RUN:     -e 's/%out: !tt.ptr<f32>,/%out: !tt.ptr<f32> {tt.divisibility = 16 : i32},/' \
// RUN:     -e 's/%n_cols: i32)/%n_cols: i32 {tt.divisibility = 16 : i32})/' \
// RUN:     %S/../../../Conversion/TTToGPU/Inputs/num_warps/softmax.mlir \
// RUN:   | mytriton-opt --tt-to-ptx | %python %S/../Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --implicit-check-not=.local \
// RUN:   --implicit-check-not=ld.global.b32 --implicit-check-not=st.global.b32 \
// RUN:   --implicit-check-not=and.b64

// CHECK:         .visible .entry softmax_kernel(
// CHECK:         .reqntid 128, 1, 1
// CHECK:         ld.param.b32 [[G1:%r[0-9]+]], [softmax_kernel_param_4];
// CHECK:         setp.eq.b32 [[ONE:%p[0-9]+]], [[G1]], 1;
// CHECK-NEXT:    @[[ONE]] bra
// CHECK-NEXT:    div.u32
// CHECK:         setp.lt.s32 [[ON0:%p[0-9]+]],
// CHECK-NOT:     bra
// CHECK:         @[[ON0]] ld.global.v4.b32
// CHECK-NOT:     bra
// CHECK:         setp.lt.s32 [[ON1:%p[0-9]+]],
// CHECK-NOT:     bra
// CHECK:         @[[ON1]] ld.global.v4.b32
// CHECK:         bar.sync
// CHECK:         bar.sync
// CHECK:         @[[ON0]] st.global.v4.b32
// CHECK:         @[[ON1]] st.global.v4.b32
// CHECK:         ret;
