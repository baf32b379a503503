// Reductions in loops, as --emit-cuda writes them in both forms: the row
// loop of Triton's tutorial 02 (fused softmax, persistent programs:
// `for row_idx in tl.range(row_start, n_rows, row_step)`, row_start_ptr =
// input_ptr + row_idx * input_row_stride) at 8 lanes per thread, and a loop
// of one reduction.
// RUN: mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle %s | FileCheck %s --check-prefixes=CHECK,WARP
// RUN: mytriton-translate --emit-cuda --cuda-reduction=shared-tree %s | FileCheck %s --check-prefixes=CHECK,TREE
// Without tt.divisibility on the row stride the row start is not known
// aligned: the same float4 loads behind a run-time alignment test.
// RUN: sed 's/%in_stride: i32 {tt.divisibility = 16 : i32}/%in_stride: i32/' %s | mytriton-translate --emit-cuda | FileCheck %s --check-prefix=UNALIGNED

// The row start, in + row * stride with in and stride multiples of 16
// bytes and 16 elements, is 16-byte aligned whatever the induction
// variable: float4 loads and stores with no alignment test, only the
// masks'. Each reduction's write of shared memory follows the other's
// barrier of the same iteration (max) or of the last one (sum), so no
// barrier is added for the last iteration's readers.
// CHECK-LABEL: void __launch_bounds__(128) softmax_rows(
// CHECK:       for (long long [[IV:arg[0-9]+_iv]] = (long long)[[PID:v[0-9]+]]; [[IV]] < (long long)arg4; [[IV]] += (long long)arg6) {
// CHECK-NEXT:    const int [[ROW:arg[0-9]+]] = (int)[[IV]];
// CHECK-NEXT:    const int [[ROFF:v[0-9]+]] = (int)((unsigned)[[ROW]] * (unsigned)arg2);
// CHECK-NEXT:    float [[X:v[0-9]+]]_0, [[X]]_1,
// CHECK-NEXT:    if ([[M0:v[0-9]+_0]] && [[M1:v[0-9]+_1]] && {{v[0-9]+_2}} && {{v[0-9]+_3}}) {
// CHECK-NEXT:      const float4 [[VEC:v[0-9]+_vec]] = *reinterpret_cast<const float4*>(&(arg1 + [[ROFF]])[[[C0:v[0-9]+_0]]]);
// CHECK:         if ({{v[0-9]+_4}} && {{v[0-9]+_5}} && {{v[0-9]+_6}} && {{v[0-9]+_7}}) {
// CHECK-NEXT:      const float4 {{v[0-9]+_vec}} = *reinterpret_cast<const float4*>(&(arg1 + [[ROFF]])[{{v[0-9]+_4}}]);
// CHECK-NOT:     __syncthreads(); //
// CHECK:         = max over the block's 1024 lanes
// WARP:          [[MAXT:v[0-9]+_warp_totals]][threadIdx.x / 32u] =
// TREE:          [[MAXT:v[0-9]+_smem]][threadIdx.x] =
// CHECK-NOT:     __syncthreads(); //
// CHECK:         = sum over the block's 1024 lanes
// WARP:          [[SUMT:v[0-9]+_warp_totals]][threadIdx.x / 32u] =
// TREE:          [[SUMT:v[0-9]+_smem]][threadIdx.x] =
// CHECK-NOT:     __syncthreads(); //
// CHECK:         if ([[M0]] && [[M1]] && {{v[0-9]+_2}} && {{v[0-9]+_3}}) {
// CHECK-NEXT:      *reinterpret_cast<float4*>(&(arg0 + {{v[0-9]+}})[[[C0]]]) = make_float4(
// UNALIGNED-LABEL: void __launch_bounds__(128) softmax_rows(
// UNALIGNED:       if (reinterpret_cast<unsigned long long>(&(arg1 + [[ROFF:v[0-9]+]])[[[C0:v[0-9]+_0]]]) % 16ull == 0ull && {{v[0-9]+_0}} && {{v[0-9]+_1}} && {{v[0-9]+_2}} && {{v[0-9]+_3}}) {
// UNALIGNED-NEXT:    const float4 {{v[0-9]+_vec}} = *reinterpret_cast<const float4*>(&(arg1 + [[ROFF]])[[[C0]]]);
tt.func @softmax_rows(%out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %in_stride: i32 {tt.divisibility = 16 : i32}, %out_stride: i32 {tt.divisibility = 16 : i32}, %n_rows: i32, %n_cols: i32, %nprog: i32) attributes {block_size = 1024 : i32, num_warps = 4 : i32} {
  %pid = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %ncv = tt.splat %n_cols : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %cols, %ncv : tensor<1024xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<1024xf32>
  scf.for %row = %pid to %n_rows step %nprog : i32 {
    %roff = arith.muli %row, %in_stride : i32
    %rstart = tt.addptr %in, %roff : !tt.ptr<f32>, i32
    %rs = tt.splat %rstart : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %ptrs = tt.addptr %rs, %cols : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %row_v = tt.load %ptrs, %mask, %ninf : tensor<1024x!tt.ptr<f32>>
    %max = tt.reduce max %row_v : tensor<1024xf32> -> f32
    %maxv = tt.splat %max : f32 -> tensor<1024xf32>
    %sub = arith.subf %row_v, %maxv : tensor<1024xf32>
    %num = math.exp %sub : tensor<1024xf32>
    %den = tt.reduce sum %num : tensor<1024xf32> -> f32
    %denv = tt.splat %den : f32 -> tensor<1024xf32>
    %y = arith.divf %num, %denv : tensor<1024xf32>
    %ooff = arith.muli %row, %out_stride : i32
    %ostart = tt.addptr %out, %ooff : !tt.ptr<f32>, i32
    %os = tt.splat %ostart : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %optrs = tt.addptr %os, %cols : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %optrs, %y, %mask : tensor<1024x!tt.ptr<f32>>
  }
  tt.return
}

// One reduction per iteration, x - max(x) per row: nothing else waits
// between its read of shared memory and its next write, so a barrier comes
// first (every thread reads the maximum: without the barrier a thread could
// read the next row's partial).
// CHECK-LABEL: void __launch_bounds__(256) row_max(
// CHECK:       for (int
// CHECK:         // [[MAX:v[0-9]+]] = max over the block's 256 threads
// WARP:          __syncthreads(); // [[BUF:v[0-9]+_warp_totals]]'s readers of the last iteration are done
// WARP-NEXT:     if (threadIdx.x % 32u == 0u) {
// WARP-NEXT:       [[BUF]][threadIdx.x / 32u] =
// TREE-NEXT:     __syncthreads(); // [[BUF:v[0-9]+_smem]]'s readers of the last iteration are done
// TREE-NEXT:     [[BUF]][threadIdx.x] =
// CHECK:         const float [[MAX]] =
// CHECK-NEXT:    const float [[D:v[0-9]+]] = {{v[0-9]+}} - [[MAX]];
// CHECK-NEXT:    (arg1 + {{v[0-9]+}})[{{v[0-9]+}}] = [[D]];
tt.func @row_max(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %rows: i32) attributes {block_size = 256 : i32, num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %cols = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  scf.for %r = %c0 to %rows step %c1 : i32 {
    %off = arith.muli %r, %c256 : i32
    %start = tt.addptr %x, %off : !tt.ptr<f32>, i32
    %ss = tt.splat %start : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %p = tt.addptr %ss, %cols : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %v = tt.load %p : tensor<256x!tt.ptr<f32>>
    %m = tt.reduce max %v : tensor<256xf32> -> f32
    %ms = tt.splat %m : f32 -> tensor<256xf32>
    %d = arith.subf %v, %ms : tensor<256xf32>
    %ostart = tt.addptr %out, %off : !tt.ptr<f32>, i32
    %os = tt.splat %ostart : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %o = tt.addptr %os, %cols : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %o, %d : tensor<256x!tt.ptr<f32>>
  }
  tt.return
}

// A second reduction whose result nothing uses is not printed: its barrier
// does not separate the first one's iterations.
// CHECK-LABEL: void __launch_bounds__(256) row_max_dead_sum(
// CHECK:       for (int
// WARP:          __syncthreads(); // {{v[0-9]+_warp_totals}}'s readers of the last iteration are done
// TREE:          __syncthreads(); // {{v[0-9]+_smem}}'s readers of the last iteration are done
// CHECK-NOT:     = sum over
tt.func @row_max_dead_sum(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %rows: i32) attributes {block_size = 256 : i32, num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %cols = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  scf.for %r = %c0 to %rows step %c1 : i32 {
    %off = arith.muli %r, %c256 : i32
    %start = tt.addptr %x, %off : !tt.ptr<f32>, i32
    %ss = tt.splat %start : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %p = tt.addptr %ss, %cols : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %v = tt.load %p : tensor<256x!tt.ptr<f32>>
    %m = tt.reduce max %v : tensor<256xf32> -> f32
    %unused = tt.reduce sum %v : tensor<256xf32> -> f32
    %o = tt.addptr %out, %r : !tt.ptr<f32>, i32
    tt.store %o, %m : !tt.ptr<f32>
  }
  tt.return
}
