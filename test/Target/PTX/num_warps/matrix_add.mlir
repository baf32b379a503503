// Matrix add at BLOCK = 1024 columns as PTX for sm_90 with 2, 4 and 8 lanes
// per thread: vector loads and stores on the fast path, no local memory.
// RUN: sed s/NUM_WARPS/16/ %S/../../../Conversion/TTToGPU/Inputs/num_warps/matrix_add.mlir \
// RUN:   | mytriton-opt --tt-to-ptx | %python %S/../Inputs/extract_gpu_object.py -o %t.e2.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,E2 --input-file=%t.e2.ptx --implicit-check-not=.local
// RUN: sed s/NUM_WARPS/8/ %S/../../../Conversion/TTToGPU/Inputs/num_warps/matrix_add.mlir \
// RUN:   | mytriton-opt --tt-to-ptx | %python %S/../Inputs/extract_gpu_object.py -o %t.e4.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,E4 --input-file=%t.e4.ptx --implicit-check-not=.local
// RUN: sed s/NUM_WARPS/4/ %S/../../../Conversion/TTToGPU/Inputs/num_warps/matrix_add.mlir \
// RUN:   | mytriton-opt --tt-to-ptx | %python %S/../Inputs/extract_gpu_object.py -o %t.e8.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,E8 --input-file=%t.e8.ptx --implicit-check-not=.local

// CHECK:         .visible .entry matrix_add_kernel(
// E2:            .reqntid 512, 1, 1
// E4:            .reqntid 256, 1, 1
// E8:            .reqntid 128, 1, 1
// Both program ids come from %ctaid.x (divided by and modulo g1).
// CHECK:         mov.u32 %r{{[0-9]+}}, %ctaid.x;
// CHECK:         div.u32
// CHECK-NOT:     %ctaid.y
// E2-COUNT-2:    ld.global.v2.b32
// E2-NOT:        ld.global.v2
// E4-COUNT-2:    ld.global.v4.b32
// E4-NOT:        ld.global.v4
// E8-COUNT-4:    ld.global.v4.b32
// E8-NOT:        ld.global.v4
// E2:            st.global.v2.b32
// E2-NOT:        st.global.v2
// E4:            st.global.v4.b32
// E4-NOT:        st.global.v4
// E8-COUNT-2:    st.global.v4.b32
// CHECK-NOT:     bar.sync
// CHECK:         ret;
