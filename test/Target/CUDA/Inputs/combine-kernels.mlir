// tt.combine_reduce and tt.scan kernels run by gpu/combine_check.cu on both
// GPU routes (the CUDA emitter's code under build.sh, the gpu/nvvm route's
// lowered IR on the host by ../../../Conversion/TTToGPU/combine-on-host.test)
// and compiled by ptxas and nvcc in the lit tests. Traced by the Python
// frontend from tl.max/tl.min(return_indices=True), tl.argmax/argmin,
// tl.reduce with a combine function returning its first operand or summing
// (value, count) pairs, tl.cumsum, and tl.associative_scan of the linear
// recurrence x = b * x + a ((a, b) pairs) and of booleans under |, then
// tt-optimize; layout-free (the routes lay the tiled ones out).
//  - <op>_w<N>_nw<W>_p<P>: uniform kernels, one row of N lanes per program,
//    num_warps W, programs_per_cta P (1 to 32 lanes per thread, 1 to 8 warps
//    along the row, partial and packed warps); _rev scans in reverse;
//  - <op>2d_<M>x<N>_a<axis>: tiled kernels of one M x N tile on 4 warps, along
//    each axis (lanes only, warps too, several register chunks per line);
//  - *_long4096: tiled 1-D over 4096 elements (32 registers a thread, 8 chunks);
//  - cumsum_i64, any: 64-bit elements and booleans across 8 warps;
//    cumsum_i8: int8 lanes (groups of 8 lanes a thread) summed in int32.
  tt.func @argmax_w128_nw1_p1(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 1 : i32} {
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %2 = arith.muli %0, %c128_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %6 = tt.load %5 : tensor<128x!tt.ptr<f32>>
    %7:2 = tt.combine_reduce(%6, %1) axis = 0 : (tensor<128xf32>, tensor<128xi32>) -> (f32, i32) {
    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):
      %true = arith.constant true
      %10 = arith.cmpf ogt, %arg3, %arg5 : f32
      %11 = arith.cmpf une, %arg3, %arg3 : f32
      %12 = arith.cmpf une, %arg5, %arg5 : f32
      %13 = arith.cmpf oeq, %arg3, %arg5 : f32
      %14 = arith.xori %12, %true : i1
      %15 = arith.andi %11, %14 : i1
      %16 = arith.ori %10, %15 : i1
      %17 = arith.andi %11, %12 : i1
      %18 = arith.ori %13, %17 : i1
      %19 = arith.cmpi slt, %arg4, %arg6 : i32
      %20 = arith.andi %18, %19 : i1
      %21 = arith.ori %16, %20 : i1
      %22 = arith.select %21, %arg3, %arg5 : f32
      %23 = arith.select %21, %arg4, %arg6 : i32
      tt.combine_return %22, %23 : f32, i32
    }
    %8 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
    tt.store %8, %7#0 : !tt.ptr<f32>
    %9 = tt.addptr %arg2, %0 : !tt.ptr<i32>, i32
    tt.store %9, %7#1 : !tt.ptr<i32>
    tt.return
  }
  tt.func @argmin_w128_nw1_p1(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 1 : i32} {
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %2 = arith.muli %0, %c128_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %6 = tt.load %5 : tensor<128x!tt.ptr<f32>>
    %7:2 = tt.combine_reduce(%6, %1) axis = 0 : (tensor<128xf32>, tensor<128xi32>) -> (f32, i32) {
    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):
      %true = arith.constant true
      %10 = arith.cmpf olt, %arg3, %arg5 : f32
      %11 = arith.cmpf une, %arg3, %arg3 : f32
      %12 = arith.cmpf une, %arg5, %arg5 : f32
      %13 = arith.cmpf oeq, %arg3, %arg5 : f32
      %14 = arith.xori %12, %true : i1
      %15 = arith.andi %11, %14 : i1
      %16 = arith.ori %10, %15 : i1
      %17 = arith.andi %11, %12 : i1
      %18 = arith.ori %13, %17 : i1
      %19 = arith.cmpi slt, %arg4, %arg6 : i32
      %20 = arith.andi %18, %19 : i1
      %21 = arith.ori %16, %20 : i1
      %22 = arith.select %21, %arg3, %arg5 : f32
      %23 = arith.select %21, %arg4, %arg6 : i32
      tt.combine_return %22, %23 : f32, i32
    }
    %8 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
    tt.store %8, %7#0 : !tt.ptr<f32>
    %9 = tt.addptr %arg2, %0 : !tt.ptr<i32>, i32
    tt.store %9, %7#1 : !tt.ptr<i32>
    tt.return
  }
  tt.func @argmax_w1024_nw8_p1(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<i32>) attributes {block_size = 1024 : i32, num_warps = 8 : i32} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = arith.muli %0, %c1024_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %6 = tt.load %5 : tensor<1024x!tt.ptr<f32>>
    %7:2 = tt.combine_reduce(%6, %1) axis = 0 : (tensor<1024xf32>, tensor<1024xi32>) -> (f32, i32) {
    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):
      %true = arith.constant true
      %10 = arith.cmpf ogt, %arg3, %arg5 : f32
      %11 = arith.cmpf une, %arg3, %arg3 : f32
      %12 = arith.cmpf une, %arg5, %arg5 : f32
      %13 = arith.cmpf oeq, %arg3, %arg5 : f32
      %14 = arith.xori %12, %true : i1
      %15 = arith.andi %11, %14 : i1
      %16 = arith.ori %10, %15 : i1
      %17 = arith.andi %11, %12 : i1
      %18 = arith.ori %13, %17 : i1
      %19 = arith.cmpi slt, %arg4, %arg6 : i32
      %20 = arith.andi %18, %19 : i1
      %21 = arith.ori %16, %20 : i1
      %22 = arith.select %21, %arg3, %arg5 : f32
      %23 = arith.select %21, %arg4, %arg6 : i32
      tt.combine_return %22, %23 : f32, i32
    }
    %8 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
    tt.store %8, %7#0 : !tt.ptr<f32>
    %9 = tt.addptr %arg2, %0 : !tt.ptr<i32>, i32
    tt.store %9, %7#1 : !tt.ptr<i32>
    tt.return
  }
  tt.func @argmin_w1024_nw8_p1(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<i32>) attributes {block_size = 1024 : i32, num_warps = 8 : i32} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = arith.muli %0, %c1024_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %6 = tt.load %5 : tensor<1024x!tt.ptr<f32>>
    %7:2 = tt.combine_reduce(%6, %1) axis = 0 : (tensor<1024xf32>, tensor<1024xi32>) -> (f32, i32) {
    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):
      %true = arith.constant true
      %10 = arith.cmpf olt, %arg3, %arg5 : f32
      %11 = arith.cmpf une, %arg3, %arg3 : f32
      %12 = arith.cmpf une, %arg5, %arg5 : f32
      %13 = arith.cmpf oeq, %arg3, %arg5 : f32
      %14 = arith.xori %12, %true : i1
      %15 = arith.andi %11, %14 : i1
      %16 = arith.ori %10, %15 : i1
      %17 = arith.andi %11, %12 : i1
      %18 = arith.ori %13, %17 : i1
      %19 = arith.cmpi slt, %arg4, %arg6 : i32
      %20 = arith.andi %18, %19 : i1
      %21 = arith.ori %16, %20 : i1
      %22 = arith.select %21, %arg3, %arg5 : f32
      %23 = arith.select %21, %arg4, %arg6 : i32
      tt.combine_return %22, %23 : f32, i32
    }
    %8 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
    tt.store %8, %7#0 : !tt.ptr<f32>
    %9 = tt.addptr %arg2, %0 : !tt.ptr<i32>, i32
    tt.store %9, %7#1 : !tt.ptr<i32>
    tt.return
  }
  tt.func @argmax_w64_nw4_p1(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<i32>) attributes {block_size = 64 : i32, num_warps = 4 : i32} {
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = arith.muli %0, %c64_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %6 = tt.load %5 : tensor<64x!tt.ptr<f32>>
    %7:2 = tt.combine_reduce(%6, %1) axis = 0 : (tensor<64xf32>, tensor<64xi32>) -> (f32, i32) {
    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):
      %true = arith.constant true
      %10 = arith.cmpf ogt, %arg3, %arg5 : f32
      %11 = arith.cmpf une, %arg3, %arg3 : f32
      %12 = arith.cmpf une, %arg5, %arg5 : f32
      %13 = arith.cmpf oeq, %arg3, %arg5 : f32
      %14 = arith.xori %12, %true : i1
      %15 = arith.andi %11, %14 : i1
      %16 = arith.ori %10, %15 : i1
      %17 = arith.andi %11, %12 : i1
      %18 = arith.ori %13, %17 : i1
      %19 = arith.cmpi slt, %arg4, %arg6 : i32
      %20 = arith.andi %18, %19 : i1
      %21 = arith.ori %16, %20 : i1
      %22 = arith.select %21, %arg3, %arg5 : f32
      %23 = arith.select %21, %arg4, %arg6 : i32
      tt.combine_return %22, %23 : f32, i32
    }
    %8 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
    tt.store %8, %7#0 : !tt.ptr<f32>
    %9 = tt.addptr %arg2, %0 : !tt.ptr<i32>, i32
    tt.store %9, %7#1 : !tt.ptr<i32>
    tt.return
  }
  tt.func @argmin_w64_nw4_p1(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<i32>) attributes {block_size = 64 : i32, num_warps = 4 : i32} {
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = arith.muli %0, %c64_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %6 = tt.load %5 : tensor<64x!tt.ptr<f32>>
    %7:2 = tt.combine_reduce(%6, %1) axis = 0 : (tensor<64xf32>, tensor<64xi32>) -> (f32, i32) {
    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):
      %true = arith.constant true
      %10 = arith.cmpf olt, %arg3, %arg5 : f32
      %11 = arith.cmpf une, %arg3, %arg3 : f32
      %12 = arith.cmpf une, %arg5, %arg5 : f32
      %13 = arith.cmpf oeq, %arg3, %arg5 : f32
      %14 = arith.xori %12, %true : i1
      %15 = arith.andi %11, %14 : i1
      %16 = arith.ori %10, %15 : i1
      %17 = arith.andi %11, %12 : i1
      %18 = arith.ori %13, %17 : i1
      %19 = arith.cmpi slt, %arg4, %arg6 : i32
      %20 = arith.andi %18, %19 : i1
      %21 = arith.ori %16, %20 : i1
      %22 = arith.select %21, %arg3, %arg5 : f32
      %23 = arith.select %21, %arg4, %arg6 : i32
      tt.combine_return %22, %23 : f32, i32
    }
    %8 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
    tt.store %8, %7#0 : !tt.ptr<f32>
    %9 = tt.addptr %arg2, %0 : !tt.ptr<i32>, i32
    tt.store %9, %7#1 : !tt.ptr<i32>
    tt.return
  }
  tt.func @argmax_w8_nw1_p4(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<i32>) attributes {block_size = 8 : i32, num_warps = 1 : i32, programs_per_cta = 4 : i32} {
    %c8_i32 = arith.constant 8 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %2 = arith.muli %0, %c8_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %6 = tt.load %5 : tensor<8x!tt.ptr<f32>>
    %7:2 = tt.combine_reduce(%6, %1) axis = 0 : (tensor<8xf32>, tensor<8xi32>) -> (f32, i32) {
    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):
      %true = arith.constant true
      %10 = arith.cmpf ogt, %arg3, %arg5 : f32
      %11 = arith.cmpf une, %arg3, %arg3 : f32
      %12 = arith.cmpf une, %arg5, %arg5 : f32
      %13 = arith.cmpf oeq, %arg3, %arg5 : f32
      %14 = arith.xori %12, %true : i1
      %15 = arith.andi %11, %14 : i1
      %16 = arith.ori %10, %15 : i1
      %17 = arith.andi %11, %12 : i1
      %18 = arith.ori %13, %17 : i1
      %19 = arith.cmpi slt, %arg4, %arg6 : i32
      %20 = arith.andi %18, %19 : i1
      %21 = arith.ori %16, %20 : i1
      %22 = arith.select %21, %arg3, %arg5 : f32
      %23 = arith.select %21, %arg4, %arg6 : i32
      tt.combine_return %22, %23 : f32, i32
    }
    %8 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
    tt.store %8, %7#0 : !tt.ptr<f32>
    %9 = tt.addptr %arg2, %0 : !tt.ptr<i32>, i32
    tt.store %9, %7#1 : !tt.ptr<i32>
    tt.return
  }
  tt.func @argmin_w8_nw1_p4(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<i32>) attributes {block_size = 8 : i32, num_warps = 1 : i32, programs_per_cta = 4 : i32} {
    %c8_i32 = arith.constant 8 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %2 = arith.muli %0, %c8_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %6 = tt.load %5 : tensor<8x!tt.ptr<f32>>
    %7:2 = tt.combine_reduce(%6, %1) axis = 0 : (tensor<8xf32>, tensor<8xi32>) -> (f32, i32) {
    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):
      %true = arith.constant true
      %10 = arith.cmpf olt, %arg3, %arg5 : f32
      %11 = arith.cmpf une, %arg3, %arg3 : f32
      %12 = arith.cmpf une, %arg5, %arg5 : f32
      %13 = arith.cmpf oeq, %arg3, %arg5 : f32
      %14 = arith.xori %12, %true : i1
      %15 = arith.andi %11, %14 : i1
      %16 = arith.ori %10, %15 : i1
      %17 = arith.andi %11, %12 : i1
      %18 = arith.ori %13, %17 : i1
      %19 = arith.cmpi slt, %arg4, %arg6 : i32
      %20 = arith.andi %18, %19 : i1
      %21 = arith.ori %16, %20 : i1
      %22 = arith.select %21, %arg3, %arg5 : f32
      %23 = arith.select %21, %arg4, %arg6 : i32
      tt.combine_return %22, %23 : f32, i32
    }
    %8 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
    tt.store %8, %7#0 : !tt.ptr<f32>
    %9 = tt.addptr %arg2, %0 : !tt.ptr<i32>, i32
    tt.store %9, %7#1 : !tt.ptr<i32>
    tt.return
  }
  tt.func @argmax_w32_nw1_p2(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<i32>) attributes {block_size = 32 : i32, num_warps = 1 : i32, programs_per_cta = 2 : i32} {
    %c32_i32 = arith.constant 32 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %2 = arith.muli %0, %c32_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
    %6 = tt.load %5 : tensor<32x!tt.ptr<f32>>
    %7:2 = tt.combine_reduce(%6, %1) axis = 0 : (tensor<32xf32>, tensor<32xi32>) -> (f32, i32) {
    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):
      %true = arith.constant true
      %10 = arith.cmpf ogt, %arg3, %arg5 : f32
      %11 = arith.cmpf une, %arg3, %arg3 : f32
      %12 = arith.cmpf une, %arg5, %arg5 : f32
      %13 = arith.cmpf oeq, %arg3, %arg5 : f32
      %14 = arith.xori %12, %true : i1
      %15 = arith.andi %11, %14 : i1
      %16 = arith.ori %10, %15 : i1
      %17 = arith.andi %11, %12 : i1
      %18 = arith.ori %13, %17 : i1
      %19 = arith.cmpi slt, %arg4, %arg6 : i32
      %20 = arith.andi %18, %19 : i1
      %21 = arith.ori %16, %20 : i1
      %22 = arith.select %21, %arg3, %arg5 : f32
      %23 = arith.select %21, %arg4, %arg6 : i32
      tt.combine_return %22, %23 : f32, i32
    }
    %8 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
    tt.store %8, %7#0 : !tt.ptr<f32>
    %9 = tt.addptr %arg2, %0 : !tt.ptr<i32>, i32
    tt.store %9, %7#1 : !tt.ptr<i32>
    tt.return
  }
  tt.func @argmin_w32_nw1_p2(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<i32>) attributes {block_size = 32 : i32, num_warps = 1 : i32, programs_per_cta = 2 : i32} {
    %c32_i32 = arith.constant 32 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %2 = arith.muli %0, %c32_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
    %6 = tt.load %5 : tensor<32x!tt.ptr<f32>>
    %7:2 = tt.combine_reduce(%6, %1) axis = 0 : (tensor<32xf32>, tensor<32xi32>) -> (f32, i32) {
    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):
      %true = arith.constant true
      %10 = arith.cmpf olt, %arg3, %arg5 : f32
      %11 = arith.cmpf une, %arg3, %arg3 : f32
      %12 = arith.cmpf une, %arg5, %arg5 : f32
      %13 = arith.cmpf oeq, %arg3, %arg5 : f32
      %14 = arith.xori %12, %true : i1
      %15 = arith.andi %11, %14 : i1
      %16 = arith.ori %10, %15 : i1
      %17 = arith.andi %11, %12 : i1
      %18 = arith.ori %13, %17 : i1
      %19 = arith.cmpi slt, %arg4, %arg6 : i32
      %20 = arith.andi %18, %19 : i1
      %21 = arith.ori %16, %20 : i1
      %22 = arith.select %21, %arg3, %arg5 : f32
      %23 = arith.select %21, %arg4, %arg6 : i32
      tt.combine_return %22, %23 : f32, i32
    }
    %8 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
    tt.store %8, %7#0 : !tt.ptr<f32>
    %9 = tt.addptr %arg2, %0 : !tt.ptr<i32>, i32
    tt.store %9, %7#1 : !tt.ptr<i32>
    tt.return
  }
  tt.func @first_w128_nw1(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 1 : i32} {
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %2 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
    %3 = arith.muli %0, %c128_i32 : i32
    %4 = tt.addptr %arg0, %3 : !tt.ptr<f32>, i32
    %5 = tt.splat %4 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %6 = tt.addptr %5, %1 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %7 = tt.load %6 : tensor<128x!tt.ptr<f32>>
    %8 = tt.combine_reduce(%7) axis = 0 : (tensor<128xf32>) -> f32 {
    ^bb0(%arg2: f32, %arg3: f32):
      tt.combine_return %arg2 : f32
    }
    tt.store %2, %8 : !tt.ptr<f32>
    tt.return
  }
  tt.func @first_w1024_nw8(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>) attributes {block_size = 1024 : i32, num_warps = 8 : i32} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
    %3 = arith.muli %0, %c1024_i32 : i32
    %4 = tt.addptr %arg0, %3 : !tt.ptr<f32>, i32
    %5 = tt.splat %4 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %6 = tt.addptr %5, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %7 = tt.load %6 : tensor<1024x!tt.ptr<f32>>
    %8 = tt.combine_reduce(%7) axis = 0 : (tensor<1024xf32>) -> f32 {
    ^bb0(%arg2: f32, %arg3: f32):
      tt.combine_return %arg2 : f32
    }
    tt.store %2, %8 : !tt.ptr<f32>
    tt.return
  }
  tt.func @first_w64_nw4(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>) attributes {block_size = 64 : i32, num_warps = 4 : i32} {
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
    %3 = arith.muli %0, %c64_i32 : i32
    %4 = tt.addptr %arg0, %3 : !tt.ptr<f32>, i32
    %5 = tt.splat %4 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %6 = tt.addptr %5, %1 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %7 = tt.load %6 : tensor<64x!tt.ptr<f32>>
    %8 = tt.combine_reduce(%7) axis = 0 : (tensor<64xf32>) -> f32 {
    ^bb0(%arg2: f32, %arg3: f32):
      tt.combine_return %arg2 : f32
    }
    tt.store %2, %8 : !tt.ptr<f32>
    tt.return
  }
  tt.func @cumsum_w128_nw1_p1(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 1 : i32} {
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %2 = arith.muli %0, %c128_i32 : i32
    %3 = tt.addptr %arg1, %2 : !tt.ptr<i32>, i32
    %4 = tt.splat %3 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %5 = tt.addptr %4, %1 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %6 = tt.addptr %arg0, %2 : !tt.ptr<i32>, i32
    %7 = tt.splat %6 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %8 = tt.addptr %7, %1 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %9 = tt.load %8 : tensor<128x!tt.ptr<i32>>
    %10 = tt.scan(%9) axis = 0 : (tensor<128xi32>) -> tensor<128xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %11 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %11 : i32
    }
    tt.store %5, %10 : tensor<128x!tt.ptr<i32>>
    tt.return
  }
  tt.func @linrec_w128_nw1_p1(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 1 : i32} {
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %2 = arith.muli %0, %c128_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %6 = tt.load %5 : tensor<128x!tt.ptr<f32>>
    %7 = tt.addptr %arg1, %2 : !tt.ptr<f32>, i32
    %8 = tt.splat %7 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %9 = tt.addptr %8, %1 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %10 = tt.load %9 : tensor<128x!tt.ptr<f32>>
    %11:2 = tt.scan(%6, %10) axis = 0 : (tensor<128xf32>, tensor<128xf32>) -> (tensor<128xf32>, tensor<128xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32):
      %15 = arith.mulf %arg6, %arg3 : f32
      %16 = arith.addf %15, %arg5 : f32
      %17 = arith.mulf %arg4, %arg6 : f32
      tt.combine_return %16, %17 : f32, f32
    }
    %12 = tt.addptr %arg2, %2 : !tt.ptr<f32>, i32
    %13 = tt.splat %12 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %14 = tt.addptr %13, %1 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %14, %11#0 : tensor<128x!tt.ptr<f32>>
    tt.return
  }
  tt.func @cumsum_w128_nw1_p1_rev(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 1 : i32} {
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %2 = arith.muli %0, %c128_i32 : i32
    %3 = tt.addptr %arg1, %2 : !tt.ptr<i32>, i32
    %4 = tt.splat %3 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %5 = tt.addptr %4, %1 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %6 = tt.addptr %arg0, %2 : !tt.ptr<i32>, i32
    %7 = tt.splat %6 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %8 = tt.addptr %7, %1 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %9 = tt.load %8 : tensor<128x!tt.ptr<i32>>
    %10 = tt.scan(%9) axis = 0 reverse : (tensor<128xi32>) -> tensor<128xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %11 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %11 : i32
    }
    tt.store %5, %10 : tensor<128x!tt.ptr<i32>>
    tt.return
  }
  tt.func @linrec_w128_nw1_p1_rev(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 1 : i32} {
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %2 = arith.muli %0, %c128_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %6 = tt.load %5 : tensor<128x!tt.ptr<f32>>
    %7 = tt.addptr %arg1, %2 : !tt.ptr<f32>, i32
    %8 = tt.splat %7 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %9 = tt.addptr %8, %1 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %10 = tt.load %9 : tensor<128x!tt.ptr<f32>>
    %11:2 = tt.scan(%6, %10) axis = 0 reverse : (tensor<128xf32>, tensor<128xf32>) -> (tensor<128xf32>, tensor<128xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32):
      %15 = arith.mulf %arg6, %arg3 : f32
      %16 = arith.addf %15, %arg5 : f32
      %17 = arith.mulf %arg4, %arg6 : f32
      tt.combine_return %16, %17 : f32, f32
    }
    %12 = tt.addptr %arg2, %2 : !tt.ptr<f32>, i32
    %13 = tt.splat %12 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %14 = tt.addptr %13, %1 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %14, %11#0 : tensor<128x!tt.ptr<f32>>
    tt.return
  }
  tt.func @cumsum_w1024_nw8_p1(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 1024 : i32, num_warps = 8 : i32} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = arith.muli %0, %c1024_i32 : i32
    %3 = tt.addptr %arg1, %2 : !tt.ptr<i32>, i32
    %4 = tt.splat %3 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
    %5 = tt.addptr %4, %1 : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
    %6 = tt.addptr %arg0, %2 : !tt.ptr<i32>, i32
    %7 = tt.splat %6 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
    %8 = tt.addptr %7, %1 : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
    %9 = tt.load %8 : tensor<1024x!tt.ptr<i32>>
    %10 = tt.scan(%9) axis = 0 : (tensor<1024xi32>) -> tensor<1024xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %11 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %11 : i32
    }
    tt.store %5, %10 : tensor<1024x!tt.ptr<i32>>
    tt.return
  }
  tt.func @linrec_w1024_nw8_p1(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) attributes {block_size = 1024 : i32, num_warps = 8 : i32} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = arith.muli %0, %c1024_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %6 = tt.load %5 : tensor<1024x!tt.ptr<f32>>
    %7 = tt.addptr %arg1, %2 : !tt.ptr<f32>, i32
    %8 = tt.splat %7 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %9 = tt.addptr %8, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %10 = tt.load %9 : tensor<1024x!tt.ptr<f32>>
    %11:2 = tt.scan(%6, %10) axis = 0 : (tensor<1024xf32>, tensor<1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32):
      %15 = arith.mulf %arg6, %arg3 : f32
      %16 = arith.addf %15, %arg5 : f32
      %17 = arith.mulf %arg4, %arg6 : f32
      tt.combine_return %16, %17 : f32, f32
    }
    %12 = tt.addptr %arg2, %2 : !tt.ptr<f32>, i32
    %13 = tt.splat %12 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %14 = tt.addptr %13, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %14, %11#0 : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
  tt.func @cumsum_w1024_nw8_p1_rev(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 1024 : i32, num_warps = 8 : i32} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = arith.muli %0, %c1024_i32 : i32
    %3 = tt.addptr %arg1, %2 : !tt.ptr<i32>, i32
    %4 = tt.splat %3 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
    %5 = tt.addptr %4, %1 : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
    %6 = tt.addptr %arg0, %2 : !tt.ptr<i32>, i32
    %7 = tt.splat %6 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
    %8 = tt.addptr %7, %1 : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
    %9 = tt.load %8 : tensor<1024x!tt.ptr<i32>>
    %10 = tt.scan(%9) axis = 0 reverse : (tensor<1024xi32>) -> tensor<1024xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %11 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %11 : i32
    }
    tt.store %5, %10 : tensor<1024x!tt.ptr<i32>>
    tt.return
  }
  tt.func @linrec_w1024_nw8_p1_rev(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) attributes {block_size = 1024 : i32, num_warps = 8 : i32} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = arith.muli %0, %c1024_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %6 = tt.load %5 : tensor<1024x!tt.ptr<f32>>
    %7 = tt.addptr %arg1, %2 : !tt.ptr<f32>, i32
    %8 = tt.splat %7 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %9 = tt.addptr %8, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %10 = tt.load %9 : tensor<1024x!tt.ptr<f32>>
    %11:2 = tt.scan(%6, %10) axis = 0 reverse : (tensor<1024xf32>, tensor<1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32):
      %15 = arith.mulf %arg6, %arg3 : f32
      %16 = arith.addf %15, %arg5 : f32
      %17 = arith.mulf %arg4, %arg6 : f32
      tt.combine_return %16, %17 : f32, f32
    }
    %12 = tt.addptr %arg2, %2 : !tt.ptr<f32>, i32
    %13 = tt.splat %12 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %14 = tt.addptr %13, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %14, %11#0 : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
  tt.func @cumsum_w64_nw4_p1(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 64 : i32, num_warps = 4 : i32} {
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = arith.muli %0, %c64_i32 : i32
    %3 = tt.addptr %arg1, %2 : !tt.ptr<i32>, i32
    %4 = tt.splat %3 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %5 = tt.addptr %4, %1 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    %6 = tt.addptr %arg0, %2 : !tt.ptr<i32>, i32
    %7 = tt.splat %6 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %8 = tt.addptr %7, %1 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    %9 = tt.load %8 : tensor<64x!tt.ptr<i32>>
    %10 = tt.scan(%9) axis = 0 : (tensor<64xi32>) -> tensor<64xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %11 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %11 : i32
    }
    tt.store %5, %10 : tensor<64x!tt.ptr<i32>>
    tt.return
  }
  tt.func @linrec_w64_nw4_p1(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) attributes {block_size = 64 : i32, num_warps = 4 : i32} {
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = arith.muli %0, %c64_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %6 = tt.load %5 : tensor<64x!tt.ptr<f32>>
    %7 = tt.addptr %arg1, %2 : !tt.ptr<f32>, i32
    %8 = tt.splat %7 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %9 = tt.addptr %8, %1 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %10 = tt.load %9 : tensor<64x!tt.ptr<f32>>
    %11:2 = tt.scan(%6, %10) axis = 0 : (tensor<64xf32>, tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32):
      %15 = arith.mulf %arg6, %arg3 : f32
      %16 = arith.addf %15, %arg5 : f32
      %17 = arith.mulf %arg4, %arg6 : f32
      tt.combine_return %16, %17 : f32, f32
    }
    %12 = tt.addptr %arg2, %2 : !tt.ptr<f32>, i32
    %13 = tt.splat %12 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %14 = tt.addptr %13, %1 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %14, %11#0 : tensor<64x!tt.ptr<f32>>
    tt.return
  }
  tt.func @cumsum_w64_nw4_p1_rev(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 64 : i32, num_warps = 4 : i32} {
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = arith.muli %0, %c64_i32 : i32
    %3 = tt.addptr %arg1, %2 : !tt.ptr<i32>, i32
    %4 = tt.splat %3 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %5 = tt.addptr %4, %1 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    %6 = tt.addptr %arg0, %2 : !tt.ptr<i32>, i32
    %7 = tt.splat %6 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %8 = tt.addptr %7, %1 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    %9 = tt.load %8 : tensor<64x!tt.ptr<i32>>
    %10 = tt.scan(%9) axis = 0 reverse : (tensor<64xi32>) -> tensor<64xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %11 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %11 : i32
    }
    tt.store %5, %10 : tensor<64x!tt.ptr<i32>>
    tt.return
  }
  tt.func @linrec_w64_nw4_p1_rev(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) attributes {block_size = 64 : i32, num_warps = 4 : i32} {
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = arith.muli %0, %c64_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %6 = tt.load %5 : tensor<64x!tt.ptr<f32>>
    %7 = tt.addptr %arg1, %2 : !tt.ptr<f32>, i32
    %8 = tt.splat %7 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %9 = tt.addptr %8, %1 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %10 = tt.load %9 : tensor<64x!tt.ptr<f32>>
    %11:2 = tt.scan(%6, %10) axis = 0 reverse : (tensor<64xf32>, tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32):
      %15 = arith.mulf %arg6, %arg3 : f32
      %16 = arith.addf %15, %arg5 : f32
      %17 = arith.mulf %arg4, %arg6 : f32
      tt.combine_return %16, %17 : f32, f32
    }
    %12 = tt.addptr %arg2, %2 : !tt.ptr<f32>, i32
    %13 = tt.splat %12 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %14 = tt.addptr %13, %1 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %14, %11#0 : tensor<64x!tt.ptr<f32>>
    tt.return
  }
  tt.func @cumsum_w1024_nw1_p1(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 1024 : i32, num_warps = 1 : i32} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = arith.muli %0, %c1024_i32 : i32
    %3 = tt.addptr %arg1, %2 : !tt.ptr<i32>, i32
    %4 = tt.splat %3 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
    %5 = tt.addptr %4, %1 : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
    %6 = tt.addptr %arg0, %2 : !tt.ptr<i32>, i32
    %7 = tt.splat %6 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
    %8 = tt.addptr %7, %1 : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
    %9 = tt.load %8 : tensor<1024x!tt.ptr<i32>>
    %10 = tt.scan(%9) axis = 0 : (tensor<1024xi32>) -> tensor<1024xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %11 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %11 : i32
    }
    tt.store %5, %10 : tensor<1024x!tt.ptr<i32>>
    tt.return
  }
  tt.func @linrec_w1024_nw1_p1(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) attributes {block_size = 1024 : i32, num_warps = 1 : i32} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = arith.muli %0, %c1024_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %6 = tt.load %5 : tensor<1024x!tt.ptr<f32>>
    %7 = tt.addptr %arg1, %2 : !tt.ptr<f32>, i32
    %8 = tt.splat %7 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %9 = tt.addptr %8, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %10 = tt.load %9 : tensor<1024x!tt.ptr<f32>>
    %11:2 = tt.scan(%6, %10) axis = 0 : (tensor<1024xf32>, tensor<1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32):
      %15 = arith.mulf %arg6, %arg3 : f32
      %16 = arith.addf %15, %arg5 : f32
      %17 = arith.mulf %arg4, %arg6 : f32
      tt.combine_return %16, %17 : f32, f32
    }
    %12 = tt.addptr %arg2, %2 : !tt.ptr<f32>, i32
    %13 = tt.splat %12 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %14 = tt.addptr %13, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %14, %11#0 : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
  tt.func @cumsum_w1024_nw1_p1_rev(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 1024 : i32, num_warps = 1 : i32} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = arith.muli %0, %c1024_i32 : i32
    %3 = tt.addptr %arg1, %2 : !tt.ptr<i32>, i32
    %4 = tt.splat %3 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
    %5 = tt.addptr %4, %1 : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
    %6 = tt.addptr %arg0, %2 : !tt.ptr<i32>, i32
    %7 = tt.splat %6 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
    %8 = tt.addptr %7, %1 : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
    %9 = tt.load %8 : tensor<1024x!tt.ptr<i32>>
    %10 = tt.scan(%9) axis = 0 reverse : (tensor<1024xi32>) -> tensor<1024xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %11 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %11 : i32
    }
    tt.store %5, %10 : tensor<1024x!tt.ptr<i32>>
    tt.return
  }
  tt.func @linrec_w1024_nw1_p1_rev(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) attributes {block_size = 1024 : i32, num_warps = 1 : i32} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = arith.muli %0, %c1024_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %6 = tt.load %5 : tensor<1024x!tt.ptr<f32>>
    %7 = tt.addptr %arg1, %2 : !tt.ptr<f32>, i32
    %8 = tt.splat %7 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %9 = tt.addptr %8, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %10 = tt.load %9 : tensor<1024x!tt.ptr<f32>>
    %11:2 = tt.scan(%6, %10) axis = 0 reverse : (tensor<1024xf32>, tensor<1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32):
      %15 = arith.mulf %arg6, %arg3 : f32
      %16 = arith.addf %15, %arg5 : f32
      %17 = arith.mulf %arg4, %arg6 : f32
      tt.combine_return %16, %17 : f32, f32
    }
    %12 = tt.addptr %arg2, %2 : !tt.ptr<f32>, i32
    %13 = tt.splat %12 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %14 = tt.addptr %13, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %14, %11#0 : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
  tt.func @cumsum_w8_nw1_p4(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 8 : i32, num_warps = 1 : i32, programs_per_cta = 4 : i32} {
    %c8_i32 = arith.constant 8 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %2 = arith.muli %0, %c8_i32 : i32
    %3 = tt.addptr %arg1, %2 : !tt.ptr<i32>, i32
    %4 = tt.splat %3 : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %5 = tt.addptr %4, %1 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    %6 = tt.addptr %arg0, %2 : !tt.ptr<i32>, i32
    %7 = tt.splat %6 : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %8 = tt.addptr %7, %1 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    %9 = tt.load %8 : tensor<8x!tt.ptr<i32>>
    %10 = tt.scan(%9) axis = 0 : (tensor<8xi32>) -> tensor<8xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %11 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %11 : i32
    }
    tt.store %5, %10 : tensor<8x!tt.ptr<i32>>
    tt.return
  }
  tt.func @linrec_w8_nw1_p4(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) attributes {block_size = 8 : i32, num_warps = 1 : i32, programs_per_cta = 4 : i32} {
    %c8_i32 = arith.constant 8 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %2 = arith.muli %0, %c8_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %6 = tt.load %5 : tensor<8x!tt.ptr<f32>>
    %7 = tt.addptr %arg1, %2 : !tt.ptr<f32>, i32
    %8 = tt.splat %7 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %9 = tt.addptr %8, %1 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %10 = tt.load %9 : tensor<8x!tt.ptr<f32>>
    %11:2 = tt.scan(%6, %10) axis = 0 : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32):
      %15 = arith.mulf %arg6, %arg3 : f32
      %16 = arith.addf %15, %arg5 : f32
      %17 = arith.mulf %arg4, %arg6 : f32
      tt.combine_return %16, %17 : f32, f32
    }
    %12 = tt.addptr %arg2, %2 : !tt.ptr<f32>, i32
    %13 = tt.splat %12 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %14 = tt.addptr %13, %1 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    tt.store %14, %11#0 : tensor<8x!tt.ptr<f32>>
    tt.return
  }
  tt.func @cumsum_w8_nw1_p4_rev(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 8 : i32, num_warps = 1 : i32, programs_per_cta = 4 : i32} {
    %c8_i32 = arith.constant 8 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %2 = arith.muli %0, %c8_i32 : i32
    %3 = tt.addptr %arg1, %2 : !tt.ptr<i32>, i32
    %4 = tt.splat %3 : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %5 = tt.addptr %4, %1 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    %6 = tt.addptr %arg0, %2 : !tt.ptr<i32>, i32
    %7 = tt.splat %6 : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %8 = tt.addptr %7, %1 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    %9 = tt.load %8 : tensor<8x!tt.ptr<i32>>
    %10 = tt.scan(%9) axis = 0 reverse : (tensor<8xi32>) -> tensor<8xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %11 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %11 : i32
    }
    tt.store %5, %10 : tensor<8x!tt.ptr<i32>>
    tt.return
  }
  tt.func @linrec_w8_nw1_p4_rev(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) attributes {block_size = 8 : i32, num_warps = 1 : i32, programs_per_cta = 4 : i32} {
    %c8_i32 = arith.constant 8 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %2 = arith.muli %0, %c8_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
    %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %5 = tt.addptr %4, %1 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %6 = tt.load %5 : tensor<8x!tt.ptr<f32>>
    %7 = tt.addptr %arg1, %2 : !tt.ptr<f32>, i32
    %8 = tt.splat %7 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %9 = tt.addptr %8, %1 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %10 = tt.load %9 : tensor<8x!tt.ptr<f32>>
    %11:2 = tt.scan(%6, %10) axis = 0 reverse : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32):
      %15 = arith.mulf %arg6, %arg3 : f32
      %16 = arith.addf %15, %arg5 : f32
      %17 = arith.mulf %arg4, %arg6 : f32
      tt.combine_return %16, %17 : f32, f32
    }
    %12 = tt.addptr %arg2, %2 : !tt.ptr<f32>, i32
    %13 = tt.splat %12 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %14 = tt.addptr %13, %1 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    tt.store %14, %11#0 : tensor<8x!tt.ptr<f32>>
    tt.return
  }
  tt.func @scan2d_8x32_a0(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<32> : tensor<8x1xi32>
    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %2 = arith.muli %1, %cst : tensor<8x1xi32>
    %3 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %5 = tt.broadcast %2 : tensor<8x1xi32> -> tensor<8x32xi32>
    %6 = tt.broadcast %4 : tensor<1x32xi32> -> tensor<8x32xi32>
    %7 = arith.addi %5, %6 : tensor<8x32xi32>
    %8 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<8x32x!tt.ptr<i32>>
    %9 = tt.addptr %8, %7 : tensor<8x32x!tt.ptr<i32>>, tensor<8x32xi32>
    %10 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<8x32x!tt.ptr<i32>>
    %11 = tt.addptr %10, %7 : tensor<8x32x!tt.ptr<i32>>, tensor<8x32xi32>
    %12 = tt.load %11 : tensor<8x32x!tt.ptr<i32>>
    %13 = tt.scan(%12) axis = 0 : (tensor<8x32xi32>) -> tensor<8x32xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %14 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %14 : i32
    }
    tt.store %9, %13 : tensor<8x32x!tt.ptr<i32>>
    tt.return
  }
  tt.func @scan2d_8x32_a0_rev(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<32> : tensor<8x1xi32>
    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %2 = arith.muli %1, %cst : tensor<8x1xi32>
    %3 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %5 = tt.broadcast %2 : tensor<8x1xi32> -> tensor<8x32xi32>
    %6 = tt.broadcast %4 : tensor<1x32xi32> -> tensor<8x32xi32>
    %7 = arith.addi %5, %6 : tensor<8x32xi32>
    %8 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<8x32x!tt.ptr<i32>>
    %9 = tt.addptr %8, %7 : tensor<8x32x!tt.ptr<i32>>, tensor<8x32xi32>
    %10 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<8x32x!tt.ptr<i32>>
    %11 = tt.addptr %10, %7 : tensor<8x32x!tt.ptr<i32>>, tensor<8x32xi32>
    %12 = tt.load %11 : tensor<8x32x!tt.ptr<i32>>
    %13 = tt.scan(%12) axis = 0 reverse : (tensor<8x32xi32>) -> tensor<8x32xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %14 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %14 : i32
    }
    tt.store %9, %13 : tensor<8x32x!tt.ptr<i32>>
    tt.return
  }
  tt.func @scan2d_8x32_a1(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<32> : tensor<8x1xi32>
    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %2 = arith.muli %1, %cst : tensor<8x1xi32>
    %3 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %5 = tt.broadcast %2 : tensor<8x1xi32> -> tensor<8x32xi32>
    %6 = tt.broadcast %4 : tensor<1x32xi32> -> tensor<8x32xi32>
    %7 = arith.addi %5, %6 : tensor<8x32xi32>
    %8 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<8x32x!tt.ptr<i32>>
    %9 = tt.addptr %8, %7 : tensor<8x32x!tt.ptr<i32>>, tensor<8x32xi32>
    %10 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<8x32x!tt.ptr<i32>>
    %11 = tt.addptr %10, %7 : tensor<8x32x!tt.ptr<i32>>, tensor<8x32xi32>
    %12 = tt.load %11 : tensor<8x32x!tt.ptr<i32>>
    %13 = tt.scan(%12) axis = 1 : (tensor<8x32xi32>) -> tensor<8x32xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %14 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %14 : i32
    }
    tt.store %9, %13 : tensor<8x32x!tt.ptr<i32>>
    tt.return
  }
  tt.func @scan2d_8x32_a1_rev(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<32> : tensor<8x1xi32>
    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %2 = arith.muli %1, %cst : tensor<8x1xi32>
    %3 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %5 = tt.broadcast %2 : tensor<8x1xi32> -> tensor<8x32xi32>
    %6 = tt.broadcast %4 : tensor<1x32xi32> -> tensor<8x32xi32>
    %7 = arith.addi %5, %6 : tensor<8x32xi32>
    %8 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<8x32x!tt.ptr<i32>>
    %9 = tt.addptr %8, %7 : tensor<8x32x!tt.ptr<i32>>, tensor<8x32xi32>
    %10 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<8x32x!tt.ptr<i32>>
    %11 = tt.addptr %10, %7 : tensor<8x32x!tt.ptr<i32>>, tensor<8x32xi32>
    %12 = tt.load %11 : tensor<8x32x!tt.ptr<i32>>
    %13 = tt.scan(%12) axis = 1 reverse : (tensor<8x32xi32>) -> tensor<8x32xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %14 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %14 : i32
    }
    tt.store %9, %13 : tensor<8x32x!tt.ptr<i32>>
    tt.return
  }
  tt.func @scan2d_128x8_a0(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<8> : tensor<128x1xi32>
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %2 = arith.muli %1, %cst : tensor<128x1xi32>
    %3 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %5 = tt.broadcast %2 : tensor<128x1xi32> -> tensor<128x8xi32>
    %6 = tt.broadcast %4 : tensor<1x8xi32> -> tensor<128x8xi32>
    %7 = arith.addi %5, %6 : tensor<128x8xi32>
    %8 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<128x8x!tt.ptr<i32>>
    %9 = tt.addptr %8, %7 : tensor<128x8x!tt.ptr<i32>>, tensor<128x8xi32>
    %10 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<128x8x!tt.ptr<i32>>
    %11 = tt.addptr %10, %7 : tensor<128x8x!tt.ptr<i32>>, tensor<128x8xi32>
    %12 = tt.load %11 : tensor<128x8x!tt.ptr<i32>>
    %13 = tt.scan(%12) axis = 0 : (tensor<128x8xi32>) -> tensor<128x8xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %14 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %14 : i32
    }
    tt.store %9, %13 : tensor<128x8x!tt.ptr<i32>>
    tt.return
  }
  tt.func @scan2d_128x8_a0_rev(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<8> : tensor<128x1xi32>
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %2 = arith.muli %1, %cst : tensor<128x1xi32>
    %3 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %5 = tt.broadcast %2 : tensor<128x1xi32> -> tensor<128x8xi32>
    %6 = tt.broadcast %4 : tensor<1x8xi32> -> tensor<128x8xi32>
    %7 = arith.addi %5, %6 : tensor<128x8xi32>
    %8 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<128x8x!tt.ptr<i32>>
    %9 = tt.addptr %8, %7 : tensor<128x8x!tt.ptr<i32>>, tensor<128x8xi32>
    %10 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<128x8x!tt.ptr<i32>>
    %11 = tt.addptr %10, %7 : tensor<128x8x!tt.ptr<i32>>, tensor<128x8xi32>
    %12 = tt.load %11 : tensor<128x8x!tt.ptr<i32>>
    %13 = tt.scan(%12) axis = 0 reverse : (tensor<128x8xi32>) -> tensor<128x8xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %14 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %14 : i32
    }
    tt.store %9, %13 : tensor<128x8x!tt.ptr<i32>>
    tt.return
  }
  tt.func @scan2d_128x8_a1(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<8> : tensor<128x1xi32>
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %2 = arith.muli %1, %cst : tensor<128x1xi32>
    %3 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %5 = tt.broadcast %2 : tensor<128x1xi32> -> tensor<128x8xi32>
    %6 = tt.broadcast %4 : tensor<1x8xi32> -> tensor<128x8xi32>
    %7 = arith.addi %5, %6 : tensor<128x8xi32>
    %8 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<128x8x!tt.ptr<i32>>
    %9 = tt.addptr %8, %7 : tensor<128x8x!tt.ptr<i32>>, tensor<128x8xi32>
    %10 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<128x8x!tt.ptr<i32>>
    %11 = tt.addptr %10, %7 : tensor<128x8x!tt.ptr<i32>>, tensor<128x8xi32>
    %12 = tt.load %11 : tensor<128x8x!tt.ptr<i32>>
    %13 = tt.scan(%12) axis = 1 : (tensor<128x8xi32>) -> tensor<128x8xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %14 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %14 : i32
    }
    tt.store %9, %13 : tensor<128x8x!tt.ptr<i32>>
    tt.return
  }
  tt.func @scan2d_128x8_a1_rev(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<8> : tensor<128x1xi32>
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %2 = arith.muli %1, %cst : tensor<128x1xi32>
    %3 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %5 = tt.broadcast %2 : tensor<128x1xi32> -> tensor<128x8xi32>
    %6 = tt.broadcast %4 : tensor<1x8xi32> -> tensor<128x8xi32>
    %7 = arith.addi %5, %6 : tensor<128x8xi32>
    %8 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<128x8x!tt.ptr<i32>>
    %9 = tt.addptr %8, %7 : tensor<128x8x!tt.ptr<i32>>, tensor<128x8xi32>
    %10 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<128x8x!tt.ptr<i32>>
    %11 = tt.addptr %10, %7 : tensor<128x8x!tt.ptr<i32>>, tensor<128x8xi32>
    %12 = tt.load %11 : tensor<128x8x!tt.ptr<i32>>
    %13 = tt.scan(%12) axis = 1 reverse : (tensor<128x8xi32>) -> tensor<128x8xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %14 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %14 : i32
    }
    tt.store %9, %13 : tensor<128x8x!tt.ptr<i32>>
    tt.return
  }
  tt.func @scan2d_4x256_a0(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<256> : tensor<4x1xi32>
    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %2 = arith.muli %1, %cst : tensor<4x1xi32>
    %3 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %5 = tt.broadcast %2 : tensor<4x1xi32> -> tensor<4x256xi32>
    %6 = tt.broadcast %4 : tensor<1x256xi32> -> tensor<4x256xi32>
    %7 = arith.addi %5, %6 : tensor<4x256xi32>
    %8 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<4x256x!tt.ptr<i32>>
    %9 = tt.addptr %8, %7 : tensor<4x256x!tt.ptr<i32>>, tensor<4x256xi32>
    %10 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x256x!tt.ptr<i32>>
    %11 = tt.addptr %10, %7 : tensor<4x256x!tt.ptr<i32>>, tensor<4x256xi32>
    %12 = tt.load %11 : tensor<4x256x!tt.ptr<i32>>
    %13 = tt.scan(%12) axis = 0 : (tensor<4x256xi32>) -> tensor<4x256xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %14 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %14 : i32
    }
    tt.store %9, %13 : tensor<4x256x!tt.ptr<i32>>
    tt.return
  }
  tt.func @scan2d_4x256_a0_rev(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<256> : tensor<4x1xi32>
    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %2 = arith.muli %1, %cst : tensor<4x1xi32>
    %3 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %5 = tt.broadcast %2 : tensor<4x1xi32> -> tensor<4x256xi32>
    %6 = tt.broadcast %4 : tensor<1x256xi32> -> tensor<4x256xi32>
    %7 = arith.addi %5, %6 : tensor<4x256xi32>
    %8 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<4x256x!tt.ptr<i32>>
    %9 = tt.addptr %8, %7 : tensor<4x256x!tt.ptr<i32>>, tensor<4x256xi32>
    %10 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x256x!tt.ptr<i32>>
    %11 = tt.addptr %10, %7 : tensor<4x256x!tt.ptr<i32>>, tensor<4x256xi32>
    %12 = tt.load %11 : tensor<4x256x!tt.ptr<i32>>
    %13 = tt.scan(%12) axis = 0 reverse : (tensor<4x256xi32>) -> tensor<4x256xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %14 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %14 : i32
    }
    tt.store %9, %13 : tensor<4x256x!tt.ptr<i32>>
    tt.return
  }
  tt.func @scan2d_4x256_a1(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<256> : tensor<4x1xi32>
    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %2 = arith.muli %1, %cst : tensor<4x1xi32>
    %3 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %5 = tt.broadcast %2 : tensor<4x1xi32> -> tensor<4x256xi32>
    %6 = tt.broadcast %4 : tensor<1x256xi32> -> tensor<4x256xi32>
    %7 = arith.addi %5, %6 : tensor<4x256xi32>
    %8 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<4x256x!tt.ptr<i32>>
    %9 = tt.addptr %8, %7 : tensor<4x256x!tt.ptr<i32>>, tensor<4x256xi32>
    %10 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x256x!tt.ptr<i32>>
    %11 = tt.addptr %10, %7 : tensor<4x256x!tt.ptr<i32>>, tensor<4x256xi32>
    %12 = tt.load %11 : tensor<4x256x!tt.ptr<i32>>
    %13 = tt.scan(%12) axis = 1 : (tensor<4x256xi32>) -> tensor<4x256xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %14 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %14 : i32
    }
    tt.store %9, %13 : tensor<4x256x!tt.ptr<i32>>
    tt.return
  }
  tt.func @scan2d_4x256_a1_rev(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<256> : tensor<4x1xi32>
    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %2 = arith.muli %1, %cst : tensor<4x1xi32>
    %3 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %5 = tt.broadcast %2 : tensor<4x1xi32> -> tensor<4x256xi32>
    %6 = tt.broadcast %4 : tensor<1x256xi32> -> tensor<4x256xi32>
    %7 = arith.addi %5, %6 : tensor<4x256xi32>
    %8 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<4x256x!tt.ptr<i32>>
    %9 = tt.addptr %8, %7 : tensor<4x256x!tt.ptr<i32>>, tensor<4x256xi32>
    %10 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x256x!tt.ptr<i32>>
    %11 = tt.addptr %10, %7 : tensor<4x256x!tt.ptr<i32>>, tensor<4x256xi32>
    %12 = tt.load %11 : tensor<4x256x!tt.ptr<i32>>
    %13 = tt.scan(%12) axis = 1 reverse : (tensor<4x256xi32>) -> tensor<4x256xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %14 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %14 : i32
    }
    tt.store %9, %13 : tensor<4x256x!tt.ptr<i32>>
    tt.return
  }
  tt.func @linrec2d_16x64_a0(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<64> : tensor<16x1xi32>
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %2 = arith.muli %1, %cst : tensor<16x1xi32>
    %3 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %5 = tt.broadcast %2 : tensor<16x1xi32> -> tensor<16x64xi32>
    %6 = tt.broadcast %4 : tensor<1x64xi32> -> tensor<16x64xi32>
    %7 = arith.addi %5, %6 : tensor<16x64xi32>
    %8 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
    %9 = tt.addptr %8, %7 : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
    %10 = tt.load %9 : tensor<16x64x!tt.ptr<f32>>
    %11 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
    %12 = tt.addptr %11, %7 : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
    %13 = tt.load %12 : tensor<16x64x!tt.ptr<f32>>
    %14:2 = tt.scan(%10, %13) axis = 0 : (tensor<16x64xf32>, tensor<16x64xf32>) -> (tensor<16x64xf32>, tensor<16x64xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32):
      %17 = arith.mulf %arg6, %arg3 : f32
      %18 = arith.addf %17, %arg5 : f32
      %19 = arith.mulf %arg4, %arg6 : f32
      tt.combine_return %18, %19 : f32, f32
    }
    %15 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
    %16 = tt.addptr %15, %7 : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
    tt.store %16, %14#0 : tensor<16x64x!tt.ptr<f32>>
    tt.return
  }
  tt.func @linrec2d_16x64_a0_rev(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<64> : tensor<16x1xi32>
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %2 = arith.muli %1, %cst : tensor<16x1xi32>
    %3 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %5 = tt.broadcast %2 : tensor<16x1xi32> -> tensor<16x64xi32>
    %6 = tt.broadcast %4 : tensor<1x64xi32> -> tensor<16x64xi32>
    %7 = arith.addi %5, %6 : tensor<16x64xi32>
    %8 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
    %9 = tt.addptr %8, %7 : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
    %10 = tt.load %9 : tensor<16x64x!tt.ptr<f32>>
    %11 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
    %12 = tt.addptr %11, %7 : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
    %13 = tt.load %12 : tensor<16x64x!tt.ptr<f32>>
    %14:2 = tt.scan(%10, %13) axis = 0 reverse : (tensor<16x64xf32>, tensor<16x64xf32>) -> (tensor<16x64xf32>, tensor<16x64xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32):
      %17 = arith.mulf %arg6, %arg3 : f32
      %18 = arith.addf %17, %arg5 : f32
      %19 = arith.mulf %arg4, %arg6 : f32
      tt.combine_return %18, %19 : f32, f32
    }
    %15 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
    %16 = tt.addptr %15, %7 : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
    tt.store %16, %14#0 : tensor<16x64x!tt.ptr<f32>>
    tt.return
  }
  tt.func @linrec2d_16x64_a1(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<64> : tensor<16x1xi32>
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %2 = arith.muli %1, %cst : tensor<16x1xi32>
    %3 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %5 = tt.broadcast %2 : tensor<16x1xi32> -> tensor<16x64xi32>
    %6 = tt.broadcast %4 : tensor<1x64xi32> -> tensor<16x64xi32>
    %7 = arith.addi %5, %6 : tensor<16x64xi32>
    %8 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
    %9 = tt.addptr %8, %7 : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
    %10 = tt.load %9 : tensor<16x64x!tt.ptr<f32>>
    %11 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
    %12 = tt.addptr %11, %7 : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
    %13 = tt.load %12 : tensor<16x64x!tt.ptr<f32>>
    %14:2 = tt.scan(%10, %13) axis = 1 : (tensor<16x64xf32>, tensor<16x64xf32>) -> (tensor<16x64xf32>, tensor<16x64xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32):
      %17 = arith.mulf %arg6, %arg3 : f32
      %18 = arith.addf %17, %arg5 : f32
      %19 = arith.mulf %arg4, %arg6 : f32
      tt.combine_return %18, %19 : f32, f32
    }
    %15 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
    %16 = tt.addptr %15, %7 : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
    tt.store %16, %14#0 : tensor<16x64x!tt.ptr<f32>>
    tt.return
  }
  tt.func @linrec2d_16x64_a1_rev(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<64> : tensor<16x1xi32>
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %2 = arith.muli %1, %cst : tensor<16x1xi32>
    %3 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %5 = tt.broadcast %2 : tensor<16x1xi32> -> tensor<16x64xi32>
    %6 = tt.broadcast %4 : tensor<1x64xi32> -> tensor<16x64xi32>
    %7 = arith.addi %5, %6 : tensor<16x64xi32>
    %8 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
    %9 = tt.addptr %8, %7 : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
    %10 = tt.load %9 : tensor<16x64x!tt.ptr<f32>>
    %11 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
    %12 = tt.addptr %11, %7 : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
    %13 = tt.load %12 : tensor<16x64x!tt.ptr<f32>>
    %14:2 = tt.scan(%10, %13) axis = 1 reverse : (tensor<16x64xf32>, tensor<16x64xf32>) -> (tensor<16x64xf32>, tensor<16x64xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32):
      %17 = arith.mulf %arg6, %arg3 : f32
      %18 = arith.addf %17, %arg5 : f32
      %19 = arith.mulf %arg4, %arg6 : f32
      tt.combine_return %18, %19 : f32, f32
    }
    %15 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
    %16 = tt.addptr %15, %7 : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
    tt.store %16, %14#0 : tensor<16x64x!tt.ptr<f32>>
    tt.return
  }
  tt.func @argmax2d_16x32_a0(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<32> : tensor<16x1xi32>
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %3 = arith.muli %2, %cst : tensor<16x1xi32>
    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
    %5 = tt.addptr %4, %3 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>
    %6 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %7 = tt.broadcast %5 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x32x!tt.ptr<f32>>
    %8 = tt.broadcast %6 : tensor<1x32xi32> -> tensor<16x32xi32>
    %9 = tt.addptr %7, %8 : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
    %10 = tt.load %9 : tensor<16x32x!tt.ptr<f32>>
    %11 = tt.broadcast %2 : tensor<16x1xi32> -> tensor<16x32xi32>
    %12:2 = tt.combine_reduce(%10, %11) axis = 0 : (tensor<16x32xf32>, tensor<16x32xi32>) -> (tensor<32xf32>, tensor<32xi32>) {
    ^bb0(%arg2: f32, %arg3: i32, %arg4: f32, %arg5: i32):
      %true = arith.constant true
      %15 = arith.cmpf ogt, %arg2, %arg4 : f32
      %16 = arith.cmpf une, %arg2, %arg2 : f32
      %17 = arith.cmpf une, %arg4, %arg4 : f32
      %18 = arith.cmpf oeq, %arg2, %arg4 : f32
      %19 = arith.xori %17, %true : i1
      %20 = arith.andi %16, %19 : i1
      %21 = arith.ori %15, %20 : i1
      %22 = arith.andi %16, %17 : i1
      %23 = arith.ori %18, %22 : i1
      %24 = arith.cmpi slt, %arg3, %arg5 : i32
      %25 = arith.andi %23, %24 : i1
      %26 = arith.ori %21, %25 : i1
      %27 = arith.select %26, %arg2, %arg4 : f32
      %28 = arith.select %26, %arg3, %arg5 : i32
      tt.combine_return %27, %28 : f32, i32
    }
    %13 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
    %14 = tt.addptr %13, %1 : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
    tt.store %14, %12#1 : tensor<32x!tt.ptr<i32>>
    tt.return
  }
  tt.func @argmin2d_16x32_a0(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<32> : tensor<16x1xi32>
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %3 = arith.muli %2, %cst : tensor<16x1xi32>
    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
    %5 = tt.addptr %4, %3 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>
    %6 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %7 = tt.broadcast %5 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x32x!tt.ptr<f32>>
    %8 = tt.broadcast %6 : tensor<1x32xi32> -> tensor<16x32xi32>
    %9 = tt.addptr %7, %8 : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
    %10 = tt.load %9 : tensor<16x32x!tt.ptr<f32>>
    %11 = tt.broadcast %2 : tensor<16x1xi32> -> tensor<16x32xi32>
    %12:2 = tt.combine_reduce(%10, %11) axis = 0 : (tensor<16x32xf32>, tensor<16x32xi32>) -> (tensor<32xf32>, tensor<32xi32>) {
    ^bb0(%arg2: f32, %arg3: i32, %arg4: f32, %arg5: i32):
      %true = arith.constant true
      %15 = arith.cmpf olt, %arg2, %arg4 : f32
      %16 = arith.cmpf une, %arg2, %arg2 : f32
      %17 = arith.cmpf une, %arg4, %arg4 : f32
      %18 = arith.cmpf oeq, %arg2, %arg4 : f32
      %19 = arith.xori %17, %true : i1
      %20 = arith.andi %16, %19 : i1
      %21 = arith.ori %15, %20 : i1
      %22 = arith.andi %16, %17 : i1
      %23 = arith.ori %18, %22 : i1
      %24 = arith.cmpi slt, %arg3, %arg5 : i32
      %25 = arith.andi %23, %24 : i1
      %26 = arith.ori %21, %25 : i1
      %27 = arith.select %26, %arg2, %arg4 : f32
      %28 = arith.select %26, %arg3, %arg5 : i32
      tt.combine_return %27, %28 : f32, i32
    }
    %13 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
    %14 = tt.addptr %13, %1 : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
    tt.store %14, %12#1 : tensor<32x!tt.ptr<i32>>
    tt.return
  }
  tt.func @argmax2d_16x32_a1(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<32> : tensor<16x1xi32>
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %3 = arith.muli %2, %cst : tensor<16x1xi32>
    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
    %5 = tt.addptr %4, %3 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>
    %6 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %7 = tt.broadcast %5 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x32x!tt.ptr<f32>>
    %8 = tt.broadcast %6 : tensor<1x32xi32> -> tensor<16x32xi32>
    %9 = tt.addptr %7, %8 : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
    %10 = tt.load %9 : tensor<16x32x!tt.ptr<f32>>
    %11:2 = tt.combine_reduce(%10, %8) axis = 1 : (tensor<16x32xf32>, tensor<16x32xi32>) -> (tensor<16xf32>, tensor<16xi32>) {
    ^bb0(%arg2: f32, %arg3: i32, %arg4: f32, %arg5: i32):
      %true = arith.constant true
      %14 = arith.cmpf ogt, %arg2, %arg4 : f32
      %15 = arith.cmpf une, %arg2, %arg2 : f32
      %16 = arith.cmpf une, %arg4, %arg4 : f32
      %17 = arith.cmpf oeq, %arg2, %arg4 : f32
      %18 = arith.xori %16, %true : i1
      %19 = arith.andi %15, %18 : i1
      %20 = arith.ori %14, %19 : i1
      %21 = arith.andi %15, %16 : i1
      %22 = arith.ori %17, %21 : i1
      %23 = arith.cmpi slt, %arg3, %arg5 : i32
      %24 = arith.andi %22, %23 : i1
      %25 = arith.ori %20, %24 : i1
      %26 = arith.select %25, %arg2, %arg4 : f32
      %27 = arith.select %25, %arg3, %arg5 : i32
      tt.combine_return %26, %27 : f32, i32
    }
    %12 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %13 = tt.addptr %12, %0 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
    tt.store %13, %11#1 : tensor<16x!tt.ptr<i32>>
    tt.return
  }
  tt.func @argmin2d_16x32_a1(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<32> : tensor<16x1xi32>
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %3 = arith.muli %2, %cst : tensor<16x1xi32>
    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
    %5 = tt.addptr %4, %3 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>
    %6 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %7 = tt.broadcast %5 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x32x!tt.ptr<f32>>
    %8 = tt.broadcast %6 : tensor<1x32xi32> -> tensor<16x32xi32>
    %9 = tt.addptr %7, %8 : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
    %10 = tt.load %9 : tensor<16x32x!tt.ptr<f32>>
    %11:2 = tt.combine_reduce(%10, %8) axis = 1 : (tensor<16x32xf32>, tensor<16x32xi32>) -> (tensor<16xf32>, tensor<16xi32>) {
    ^bb0(%arg2: f32, %arg3: i32, %arg4: f32, %arg5: i32):
      %true = arith.constant true
      %14 = arith.cmpf olt, %arg2, %arg4 : f32
      %15 = arith.cmpf une, %arg2, %arg2 : f32
      %16 = arith.cmpf une, %arg4, %arg4 : f32
      %17 = arith.cmpf oeq, %arg2, %arg4 : f32
      %18 = arith.xori %16, %true : i1
      %19 = arith.andi %15, %18 : i1
      %20 = arith.ori %14, %19 : i1
      %21 = arith.andi %15, %16 : i1
      %22 = arith.ori %17, %21 : i1
      %23 = arith.cmpi slt, %arg3, %arg5 : i32
      %24 = arith.andi %22, %23 : i1
      %25 = arith.ori %20, %24 : i1
      %26 = arith.select %25, %arg2, %arg4 : f32
      %27 = arith.select %25, %arg3, %arg5 : i32
      tt.combine_return %26, %27 : f32, i32
    }
    %12 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %13 = tt.addptr %12, %0 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
    tt.store %13, %11#1 : tensor<16x!tt.ptr<i32>>
    tt.return
  }
  tt.func @argmax2d_128x8_a0(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<8> : tensor<128x1xi32>
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %3 = arith.muli %2, %cst : tensor<128x1xi32>
    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x1x!tt.ptr<f32>>
    %5 = tt.addptr %4, %3 : tensor<128x1x!tt.ptr<f32>>, tensor<128x1xi32>
    %6 = tt.expand_dims %1 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %7 = tt.broadcast %5 : tensor<128x1x!tt.ptr<f32>> -> tensor<128x8x!tt.ptr<f32>>
    %8 = tt.broadcast %6 : tensor<1x8xi32> -> tensor<128x8xi32>
    %9 = tt.addptr %7, %8 : tensor<128x8x!tt.ptr<f32>>, tensor<128x8xi32>
    %10 = tt.load %9 : tensor<128x8x!tt.ptr<f32>>
    %11 = tt.broadcast %2 : tensor<128x1xi32> -> tensor<128x8xi32>
    %12:2 = tt.combine_reduce(%10, %11) axis = 0 : (tensor<128x8xf32>, tensor<128x8xi32>) -> (tensor<8xf32>, tensor<8xi32>) {
    ^bb0(%arg2: f32, %arg3: i32, %arg4: f32, %arg5: i32):
      %true = arith.constant true
      %15 = arith.cmpf ogt, %arg2, %arg4 : f32
      %16 = arith.cmpf une, %arg2, %arg2 : f32
      %17 = arith.cmpf une, %arg4, %arg4 : f32
      %18 = arith.cmpf oeq, %arg2, %arg4 : f32
      %19 = arith.xori %17, %true : i1
      %20 = arith.andi %16, %19 : i1
      %21 = arith.ori %15, %20 : i1
      %22 = arith.andi %16, %17 : i1
      %23 = arith.ori %18, %22 : i1
      %24 = arith.cmpi slt, %arg3, %arg5 : i32
      %25 = arith.andi %23, %24 : i1
      %26 = arith.ori %21, %25 : i1
      %27 = arith.select %26, %arg2, %arg4 : f32
      %28 = arith.select %26, %arg3, %arg5 : i32
      tt.combine_return %27, %28 : f32, i32
    }
    %13 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %14 = tt.addptr %13, %1 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %14, %12#1 : tensor<8x!tt.ptr<i32>>
    tt.return
  }
  tt.func @argmin2d_128x8_a0(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<8> : tensor<128x1xi32>
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %3 = arith.muli %2, %cst : tensor<128x1xi32>
    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x1x!tt.ptr<f32>>
    %5 = tt.addptr %4, %3 : tensor<128x1x!tt.ptr<f32>>, tensor<128x1xi32>
    %6 = tt.expand_dims %1 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %7 = tt.broadcast %5 : tensor<128x1x!tt.ptr<f32>> -> tensor<128x8x!tt.ptr<f32>>
    %8 = tt.broadcast %6 : tensor<1x8xi32> -> tensor<128x8xi32>
    %9 = tt.addptr %7, %8 : tensor<128x8x!tt.ptr<f32>>, tensor<128x8xi32>
    %10 = tt.load %9 : tensor<128x8x!tt.ptr<f32>>
    %11 = tt.broadcast %2 : tensor<128x1xi32> -> tensor<128x8xi32>
    %12:2 = tt.combine_reduce(%10, %11) axis = 0 : (tensor<128x8xf32>, tensor<128x8xi32>) -> (tensor<8xf32>, tensor<8xi32>) {
    ^bb0(%arg2: f32, %arg3: i32, %arg4: f32, %arg5: i32):
      %true = arith.constant true
      %15 = arith.cmpf olt, %arg2, %arg4 : f32
      %16 = arith.cmpf une, %arg2, %arg2 : f32
      %17 = arith.cmpf une, %arg4, %arg4 : f32
      %18 = arith.cmpf oeq, %arg2, %arg4 : f32
      %19 = arith.xori %17, %true : i1
      %20 = arith.andi %16, %19 : i1
      %21 = arith.ori %15, %20 : i1
      %22 = arith.andi %16, %17 : i1
      %23 = arith.ori %18, %22 : i1
      %24 = arith.cmpi slt, %arg3, %arg5 : i32
      %25 = arith.andi %23, %24 : i1
      %26 = arith.ori %21, %25 : i1
      %27 = arith.select %26, %arg2, %arg4 : f32
      %28 = arith.select %26, %arg3, %arg5 : i32
      tt.combine_return %27, %28 : f32, i32
    }
    %13 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %14 = tt.addptr %13, %1 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %14, %12#1 : tensor<8x!tt.ptr<i32>>
    tt.return
  }
  tt.func @argmax2d_128x8_a1(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<8> : tensor<128x1xi32>
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %3 = arith.muli %2, %cst : tensor<128x1xi32>
    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x1x!tt.ptr<f32>>
    %5 = tt.addptr %4, %3 : tensor<128x1x!tt.ptr<f32>>, tensor<128x1xi32>
    %6 = tt.expand_dims %1 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %7 = tt.broadcast %5 : tensor<128x1x!tt.ptr<f32>> -> tensor<128x8x!tt.ptr<f32>>
    %8 = tt.broadcast %6 : tensor<1x8xi32> -> tensor<128x8xi32>
    %9 = tt.addptr %7, %8 : tensor<128x8x!tt.ptr<f32>>, tensor<128x8xi32>
    %10 = tt.load %9 : tensor<128x8x!tt.ptr<f32>>
    %11:2 = tt.combine_reduce(%10, %8) axis = 1 : (tensor<128x8xf32>, tensor<128x8xi32>) -> (tensor<128xf32>, tensor<128xi32>) {
    ^bb0(%arg2: f32, %arg3: i32, %arg4: f32, %arg5: i32):
      %true = arith.constant true
      %14 = arith.cmpf ogt, %arg2, %arg4 : f32
      %15 = arith.cmpf une, %arg2, %arg2 : f32
      %16 = arith.cmpf une, %arg4, %arg4 : f32
      %17 = arith.cmpf oeq, %arg2, %arg4 : f32
      %18 = arith.xori %16, %true : i1
      %19 = arith.andi %15, %18 : i1
      %20 = arith.ori %14, %19 : i1
      %21 = arith.andi %15, %16 : i1
      %22 = arith.ori %17, %21 : i1
      %23 = arith.cmpi slt, %arg3, %arg5 : i32
      %24 = arith.andi %22, %23 : i1
      %25 = arith.ori %20, %24 : i1
      %26 = arith.select %25, %arg2, %arg4 : f32
      %27 = arith.select %25, %arg3, %arg5 : i32
      tt.combine_return %26, %27 : f32, i32
    }
    %12 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %13 = tt.addptr %12, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    tt.store %13, %11#1 : tensor<128x!tt.ptr<i32>>
    tt.return
  }
  tt.func @argmin2d_128x8_a1(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<8> : tensor<128x1xi32>
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %3 = arith.muli %2, %cst : tensor<128x1xi32>
    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x1x!tt.ptr<f32>>
    %5 = tt.addptr %4, %3 : tensor<128x1x!tt.ptr<f32>>, tensor<128x1xi32>
    %6 = tt.expand_dims %1 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %7 = tt.broadcast %5 : tensor<128x1x!tt.ptr<f32>> -> tensor<128x8x!tt.ptr<f32>>
    %8 = tt.broadcast %6 : tensor<1x8xi32> -> tensor<128x8xi32>
    %9 = tt.addptr %7, %8 : tensor<128x8x!tt.ptr<f32>>, tensor<128x8xi32>
    %10 = tt.load %9 : tensor<128x8x!tt.ptr<f32>>
    %11:2 = tt.combine_reduce(%10, %8) axis = 1 : (tensor<128x8xf32>, tensor<128x8xi32>) -> (tensor<128xf32>, tensor<128xi32>) {
    ^bb0(%arg2: f32, %arg3: i32, %arg4: f32, %arg5: i32):
      %true = arith.constant true
      %14 = arith.cmpf olt, %arg2, %arg4 : f32
      %15 = arith.cmpf une, %arg2, %arg2 : f32
      %16 = arith.cmpf une, %arg4, %arg4 : f32
      %17 = arith.cmpf oeq, %arg2, %arg4 : f32
      %18 = arith.xori %16, %true : i1
      %19 = arith.andi %15, %18 : i1
      %20 = arith.ori %14, %19 : i1
      %21 = arith.andi %15, %16 : i1
      %22 = arith.ori %17, %21 : i1
      %23 = arith.cmpi slt, %arg3, %arg5 : i32
      %24 = arith.andi %22, %23 : i1
      %25 = arith.ori %20, %24 : i1
      %26 = arith.select %25, %arg2, %arg4 : f32
      %27 = arith.select %25, %arg3, %arg5 : i32
      tt.combine_return %26, %27 : f32, i32
    }
    %12 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %13 = tt.addptr %12, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    tt.store %13, %11#1 : tensor<128x!tt.ptr<i32>>
    tt.return
  }
  tt.func @pair2d_8x64_a0(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>, %arg2: !tt.ptr<i32>, %arg3: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<64> : tensor<8x1xi32>
    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %3 = arith.muli %2, %cst : tensor<8x1xi32>
    %4 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %5 = tt.broadcast %3 : tensor<8x1xi32> -> tensor<8x64xi32>
    %6 = tt.broadcast %4 : tensor<1x64xi32> -> tensor<8x64xi32>
    %7 = arith.addi %5, %6 : tensor<8x64xi32>
    %8 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<8x64x!tt.ptr<i32>>
    %9 = tt.addptr %8, %7 : tensor<8x64x!tt.ptr<i32>>, tensor<8x64xi32>
    %10 = tt.load %9 : tensor<8x64x!tt.ptr<i32>>
    %11 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<8x64x!tt.ptr<i32>>
    %12 = tt.addptr %11, %7 : tensor<8x64x!tt.ptr<i32>>, tensor<8x64xi32>
    %13 = tt.load %12 : tensor<8x64x!tt.ptr<i32>>
    %14:2 = tt.combine_reduce(%10, %13) axis = 0 : (tensor<8x64xi32>, tensor<8x64xi32>) -> (tensor<64xi32>, tensor<64xi32>) {
    ^bb0(%arg4: i32, %arg5: i32, %arg6: i32, %arg7: i32):
      %19 = arith.addi %arg4, %arg6 : i32
      %20 = arith.addi %arg5, %arg7 : i32
      tt.combine_return %19, %20 : i32, i32
    }
    %15 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %16 = tt.addptr %15, %1 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    tt.store %16, %14#0 : tensor<64x!tt.ptr<i32>>
    %17 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %18 = tt.addptr %17, %1 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    tt.store %18, %14#1 : tensor<64x!tt.ptr<i32>>
    tt.return
  }
  tt.func @pair2d_8x64_a1(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>, %arg2: !tt.ptr<i32>, %arg3: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<64> : tensor<8x1xi32>
    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %3 = arith.muli %2, %cst : tensor<8x1xi32>
    %4 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %5 = tt.broadcast %3 : tensor<8x1xi32> -> tensor<8x64xi32>
    %6 = tt.broadcast %4 : tensor<1x64xi32> -> tensor<8x64xi32>
    %7 = arith.addi %5, %6 : tensor<8x64xi32>
    %8 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<8x64x!tt.ptr<i32>>
    %9 = tt.addptr %8, %7 : tensor<8x64x!tt.ptr<i32>>, tensor<8x64xi32>
    %10 = tt.load %9 : tensor<8x64x!tt.ptr<i32>>
    %11 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<8x64x!tt.ptr<i32>>
    %12 = tt.addptr %11, %7 : tensor<8x64x!tt.ptr<i32>>, tensor<8x64xi32>
    %13 = tt.load %12 : tensor<8x64x!tt.ptr<i32>>
    %14:2 = tt.combine_reduce(%10, %13) axis = 1 : (tensor<8x64xi32>, tensor<8x64xi32>) -> (tensor<8xi32>, tensor<8xi32>) {
    ^bb0(%arg4: i32, %arg5: i32, %arg6: i32, %arg7: i32):
      %19 = arith.addi %arg4, %arg6 : i32
      %20 = arith.addi %arg5, %arg7 : i32
      tt.combine_return %19, %20 : i32, i32
    }
    %15 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %16 = tt.addptr %15, %0 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %16, %14#0 : tensor<8x!tt.ptr<i32>>
    %17 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %18 = tt.addptr %17, %0 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %18, %14#1 : tensor<8x!tt.ptr<i32>>
    tt.return
  }
  tt.func @pair2d_128x8_a0(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>, %arg2: !tt.ptr<i32>, %arg3: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<8> : tensor<128x1xi32>
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %3 = arith.muli %2, %cst : tensor<128x1xi32>
    %4 = tt.expand_dims %1 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %5 = tt.broadcast %3 : tensor<128x1xi32> -> tensor<128x8xi32>
    %6 = tt.broadcast %4 : tensor<1x8xi32> -> tensor<128x8xi32>
    %7 = arith.addi %5, %6 : tensor<128x8xi32>
    %8 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<128x8x!tt.ptr<i32>>
    %9 = tt.addptr %8, %7 : tensor<128x8x!tt.ptr<i32>>, tensor<128x8xi32>
    %10 = tt.load %9 : tensor<128x8x!tt.ptr<i32>>
    %11 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<128x8x!tt.ptr<i32>>
    %12 = tt.addptr %11, %7 : tensor<128x8x!tt.ptr<i32>>, tensor<128x8xi32>
    %13 = tt.load %12 : tensor<128x8x!tt.ptr<i32>>
    %14:2 = tt.combine_reduce(%10, %13) axis = 0 : (tensor<128x8xi32>, tensor<128x8xi32>) -> (tensor<8xi32>, tensor<8xi32>) {
    ^bb0(%arg4: i32, %arg5: i32, %arg6: i32, %arg7: i32):
      %19 = arith.addi %arg4, %arg6 : i32
      %20 = arith.addi %arg5, %arg7 : i32
      tt.combine_return %19, %20 : i32, i32
    }
    %15 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %16 = tt.addptr %15, %1 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %16, %14#0 : tensor<8x!tt.ptr<i32>>
    %17 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %18 = tt.addptr %17, %1 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %18, %14#1 : tensor<8x!tt.ptr<i32>>
    tt.return
  }
  tt.func @pair2d_128x8_a1(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>, %arg2: !tt.ptr<i32>, %arg3: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<8> : tensor<128x1xi32>
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %3 = arith.muli %2, %cst : tensor<128x1xi32>
    %4 = tt.expand_dims %1 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %5 = tt.broadcast %3 : tensor<128x1xi32> -> tensor<128x8xi32>
    %6 = tt.broadcast %4 : tensor<1x8xi32> -> tensor<128x8xi32>
    %7 = arith.addi %5, %6 : tensor<128x8xi32>
    %8 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<128x8x!tt.ptr<i32>>
    %9 = tt.addptr %8, %7 : tensor<128x8x!tt.ptr<i32>>, tensor<128x8xi32>
    %10 = tt.load %9 : tensor<128x8x!tt.ptr<i32>>
    %11 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<128x8x!tt.ptr<i32>>
    %12 = tt.addptr %11, %7 : tensor<128x8x!tt.ptr<i32>>, tensor<128x8xi32>
    %13 = tt.load %12 : tensor<128x8x!tt.ptr<i32>>
    %14:2 = tt.combine_reduce(%10, %13) axis = 1 : (tensor<128x8xi32>, tensor<128x8xi32>) -> (tensor<128xi32>, tensor<128xi32>) {
    ^bb0(%arg4: i32, %arg5: i32, %arg6: i32, %arg7: i32):
      %19 = arith.addi %arg4, %arg6 : i32
      %20 = arith.addi %arg5, %arg7 : i32
      tt.combine_return %19, %20 : i32, i32
    }
    %15 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %16 = tt.addptr %15, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    tt.store %16, %14#0 : tensor<128x!tt.ptr<i32>>
    %17 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %18 = tt.addptr %17, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    tt.store %18, %14#1 : tensor<128x!tt.ptr<i32>>
    tt.return
  }
  tt.func @cumsum_long4096(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %0 = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32>
    %1 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4096x!tt.ptr<i32>>
    %2 = tt.addptr %1, %0 : tensor<4096x!tt.ptr<i32>>, tensor<4096xi32>
    %3 = tt.load %2 : tensor<4096x!tt.ptr<i32>>
    %4 = tt.scan(%3) axis = 0 : (tensor<4096xi32>) -> tensor<4096xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %7 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %7 : i32
    }
    %5 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<4096x!tt.ptr<i32>>
    %6 = tt.addptr %5, %0 : tensor<4096x!tt.ptr<i32>>, tensor<4096xi32>
    tt.store %6, %4 : tensor<4096x!tt.ptr<i32>>
    tt.return
  }
  tt.func @cumsum_long4096_rev(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %0 = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32>
    %1 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4096x!tt.ptr<i32>>
    %2 = tt.addptr %1, %0 : tensor<4096x!tt.ptr<i32>>, tensor<4096xi32>
    %3 = tt.load %2 : tensor<4096x!tt.ptr<i32>>
    %4 = tt.scan(%3) axis = 0 reverse : (tensor<4096xi32>) -> tensor<4096xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %7 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %7 : i32
    }
    %5 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<4096x!tt.ptr<i32>>
    %6 = tt.addptr %5, %0 : tensor<4096x!tt.ptr<i32>>, tensor<4096xi32>
    tt.store %6, %4 : tensor<4096x!tt.ptr<i32>>
    tt.return
  }
  tt.func @cumsum_i64_w1024_nw8(%arg0: !tt.ptr<i64>, %arg1: !tt.ptr<i64>) attributes {block_size = 1024 : i32, num_warps = 8 : i32} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = arith.muli %0, %c1024_i32 : i32
    %3 = tt.addptr %arg1, %2 : !tt.ptr<i64>, i32
    %4 = tt.splat %3 : !tt.ptr<i64> -> tensor<1024x!tt.ptr<i64>>
    %5 = tt.addptr %4, %1 : tensor<1024x!tt.ptr<i64>>, tensor<1024xi32>
    %6 = tt.addptr %arg0, %2 : !tt.ptr<i64>, i32
    %7 = tt.splat %6 : !tt.ptr<i64> -> tensor<1024x!tt.ptr<i64>>
    %8 = tt.addptr %7, %1 : tensor<1024x!tt.ptr<i64>>, tensor<1024xi32>
    %9 = tt.load %8 : tensor<1024x!tt.ptr<i64>>
    %10 = tt.scan(%9) axis = 0 : (tensor<1024xi64>) -> tensor<1024xi64> {
    ^bb0(%arg2: i64, %arg3: i64):
      %11 = arith.addi %arg2, %arg3 : i64
      tt.combine_return %11 : i64
    }
    tt.store %5, %10 : tensor<1024x!tt.ptr<i64>>
    tt.return
  }
  tt.func @any_w1024_nw8(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 1024 : i32, num_warps = 8 : i32} {
    %cst = arith.constant dense<1> : tensor<1024xi32>
    %cst_0 = arith.constant dense<0> : tensor<1024xi32>
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = arith.muli %0, %c1024_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<i32>, i32
    %4 = tt.splat %3 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
    %5 = tt.addptr %4, %1 : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
    %6 = tt.load %5 : tensor<1024x!tt.ptr<i32>>
    %7 = arith.cmpi sgt, %6, %cst_0 : tensor<1024xi32>
    %8 = tt.scan(%7) axis = 0 : (tensor<1024xi1>) -> tensor<1024xi1> {
    ^bb0(%arg2: i1, %arg3: i1):
      %13 = arith.ori %arg2, %arg3 : i1
      tt.combine_return %13 : i1
    }
    %9 = tt.addptr %arg1, %2 : !tt.ptr<i32>, i32
    %10 = tt.splat %9 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
    %11 = tt.addptr %10, %1 : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
    %12 = arith.select %8, %cst, %cst_0 : tensor<1024xi1>, tensor<1024xi32>
    tt.store %11, %12 : tensor<1024x!tt.ptr<i32>>
    tt.return
  }
  tt.func @any_w1024_nw8_rev(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) attributes {block_size = 1024 : i32, num_warps = 8 : i32} {
    %cst = arith.constant dense<1> : tensor<1024xi32>
    %cst_0 = arith.constant dense<0> : tensor<1024xi32>
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = arith.muli %0, %c1024_i32 : i32
    %3 = tt.addptr %arg0, %2 : !tt.ptr<i32>, i32
    %4 = tt.splat %3 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
    %5 = tt.addptr %4, %1 : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
    %6 = tt.load %5 : tensor<1024x!tt.ptr<i32>>
    %7 = arith.cmpi sgt, %6, %cst_0 : tensor<1024xi32>
    %8 = tt.scan(%7) axis = 0 reverse : (tensor<1024xi1>) -> tensor<1024xi1> {
    ^bb0(%arg2: i1, %arg3: i1):
      %13 = arith.ori %arg2, %arg3 : i1
      tt.combine_return %13 : i1
    }
    %9 = tt.addptr %arg1, %2 : !tt.ptr<i32>, i32
    %10 = tt.splat %9 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
    %11 = tt.addptr %10, %1 : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
    %12 = arith.select %8, %cst, %cst_0 : tensor<1024xi1>, tensor<1024xi32>
    tt.store %11, %12 : tensor<1024x!tt.ptr<i32>>
    tt.return
  }
  tt.func @argmax_long4096(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %0 = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4096x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<4096x!tt.ptr<f32>>, tensor<4096xi32>
    %3 = tt.load %2 : tensor<4096x!tt.ptr<f32>>
    %4:2 = tt.combine_reduce(%3, %0) axis = 0 : (tensor<4096xf32>, tensor<4096xi32>) -> (f32, i32) {
    ^bb0(%arg2: f32, %arg3: i32, %arg4: f32, %arg5: i32):
      %true = arith.constant true
      %5 = arith.cmpf ogt, %arg2, %arg4 : f32
      %6 = arith.cmpf une, %arg2, %arg2 : f32
      %7 = arith.cmpf une, %arg4, %arg4 : f32
      %8 = arith.cmpf oeq, %arg2, %arg4 : f32
      %9 = arith.xori %7, %true : i1
      %10 = arith.andi %6, %9 : i1
      %11 = arith.ori %5, %10 : i1
      %12 = arith.andi %6, %7 : i1
      %13 = arith.ori %8, %12 : i1
      %14 = arith.cmpi slt, %arg3, %arg5 : i32
      %15 = arith.andi %13, %14 : i1
      %16 = arith.ori %11, %15 : i1
      %17 = arith.select %16, %arg2, %arg4 : f32
      %18 = arith.select %16, %arg3, %arg5 : i32
      tt.combine_return %17, %18 : f32, i32
    }
    tt.store %arg1, %4#1 : !tt.ptr<i32>
    tt.return
  }

  tt.func @cumsum_i8_w1024_nw4(%arg0: !tt.ptr<i8>, %arg1: !tt.ptr<i32>) attributes {block_size = 1024 : i32, num_warps = 4 : i32} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = arith.muli %0, %c1024_i32 : i32
    %3 = tt.addptr %arg1, %2 : !tt.ptr<i32>, i32
    %4 = tt.splat %3 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
    %5 = tt.addptr %4, %1 : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
    %6 = tt.addptr %arg0, %2 : !tt.ptr<i8>, i32
    %7 = tt.splat %6 : !tt.ptr<i8> -> tensor<1024x!tt.ptr<i8>>
    %8 = tt.addptr %7, %1 : tensor<1024x!tt.ptr<i8>>, tensor<1024xi32>
    %9 = tt.load %8 : tensor<1024x!tt.ptr<i8>>
    %10 = arith.extsi %9 : tensor<1024xi8> to tensor<1024xi32>
    %11 = tt.scan(%10) axis = 0 reverse : (tensor<1024xi32>) -> tensor<1024xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %12 = arith.addi %arg2, %arg3 : i32
      tt.combine_return %12 : i32
    }
    tt.store %5, %11 : tensor<1024x!tt.ptr<i32>>
    tt.return
  }
