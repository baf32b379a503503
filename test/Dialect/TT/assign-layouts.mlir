// tt-assign-layouts gives today's 1-D kernels the blocked layout that the
// GPU backends use implicitly: thread t's register r holds lane
// (r / G) * T * G + t * G + r % G (tt.func's description), for T threads,
// E = B / T lanes per thread, G = tt::getLanesPerGroup(E). The second RUN
// prints the assigned layouts' index maps to check exactly that.
// RUN: mytriton-opt %s -split-input-file -tt-assign-layouts | FileCheck %s
// RUN: mytriton-test-opt %s -split-input-file -tt-assign-layouts -test-tt-layout-map -o /dev/null | FileCheck %s --check-prefix=MAP
// With only-tiled (the GPU pipelines) uniform kernels keep no layout.
// RUN: mytriton-opt %s -split-input-file -tt-assign-layouts=only-tiled | FileCheck %s --check-prefix=ONLY
// ONLY-LABEL: tt.func @softmax_row
// ONLY:         tt.make_range {{.*}} : tensor<1024xi32>{{$}}
// ONLY:         tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>>{{$}}
// ONLY-LABEL: tt.func @pairs
// ONLY:         tt.make_range {{.*}} : tensor<256xi32>{{$}}

// Every tensor gets the layout: results, constants (value and type), the
// pointee and mask types; scalars keep their types.
// CHECK: #[[L:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @softmax_row
// CHECK:         %[[PID:.*]] = tt.get_program_id 0 : i32
// CHECK:         tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[L]]>
// CHECK:         arith.muli %[[PID]], %{{.*}} : i32
// CHECK:         tt.splat %{{.*}} : i32 -> tensor<1024xi32, #[[L]]>
// CHECK:         arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<1024xi32, #[[L]]>
// CHECK:         arith.constant dense<0xFF800000> : tensor<1024xf32, #[[L]]>
// CHECK:         %[[X:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[L]]>
// CHECK:         %[[MAX:.*]] = tt.reduce max %[[X]] : tensor<1024xf32, #[[L]]> -> f32
// CHECK:         tt.splat %[[MAX]] : f32 -> tensor<1024xf32, #[[L]]>
// CHECK:         math.exp %{{.*}} : tensor<1024xf32, #[[L]]>
// CHECK:         tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[L]]>

// T = 128, E = 8, G = 4: register r of thread t holds (r / 4) * 512 + 4 t + r % 4.
// MAP-LABEL: %1: 1024, 128 threads x 8 registers
// MAP-NEXT:    thread 0: [0] [1] [2] [3] [512] [513] [514] [515]{{$}}
// MAP-NEXT:    thread 1: [4] [5] [6] [7] [516] [517] [518] [519]{{$}}
// MAP:         thread 127: [508] [509] [510] [511] [1020] [1021] [1022] [1023]{{$}}
tt.func @softmax_row(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 1024 : i32, num_warps = 4 : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %start = arith.muli %row, %n : i32
  %start_v = tt.splat %start : i32 -> tensor<1024xi32>
  %offsets = arith.addi %start_v, %cols : tensor<1024xi32>
  %n_v = tt.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<1024xi32>
  %other = arith.constant dense<0xFF800000> : tensor<1024xf32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %ptrs = tt.addptr %xp, %offsets : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = tt.load %ptrs, %mask, %other : tensor<1024x!tt.ptr<f32>>
  %max = tt.reduce max %v : tensor<1024xf32> -> f32
  %max_v = tt.splat %max : f32 -> tensor<1024xf32>
  %shifted = arith.subf %v, %max_v : tensor<1024xf32>
  %num = math.exp %shifted : tensor<1024xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offsets : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %optrs, %num, %mask : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// T = 128, E = 2, G = 2.
// CHECK: #tt.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// MAP-LABEL: %0: 256, 128 threads x 2 registers
// MAP-NEXT:    thread 0: [0] [1]{{$}}
// MAP:         thread 5: [10] [11]{{$}}
// MAP:         thread 127: [254] [255]{{$}}
tt.func @pairs(%p: !tt.ptr<i32>) attributes {block_size = 256 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %s = tt.reduce sum %r : tensor<256xi32> -> i32
  tt.store %p, %s : !tt.ptr<i32>
  tt.return
}

// -----

// One warp, 1024 lanes: T = 32, E = 32, G = 4, so 8 groups of 4 per
// thread, 128 lanes apart.
// CHECK: #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// MAP-LABEL: %0: 1024, 32 threads x 32 registers
// MAP-NEXT:    thread 0: [0] [1] [2] [3] [128] [129] [130] [131] [256]
// MAP-NEXT:    thread 1: [4] [5] [6] [7] [132] [133] [134] [135] [260]
// MAP:         thread 31: [124] [125] [126] [127] [252] {{.*}} [1020] [1021] [1022] [1023]{{$}}
tt.func @long_row(%p: !tt.ptr<i32>) attributes {block_size = 1024 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %s = tt.reduce sum %r : tensor<1024xi32> -> i32
  tt.store %p, %s : !tt.ptr<i32>
  tt.return
}

// -----

// num_warps = 4 but only 64 lanes: T = 64, E = 1. The layout's tile of
// 128 replicates; threads 0..63, the ones the backends launch, hold lane t.
// CHECK: #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// MAP-LABEL: %0: 64, 128 threads x 1 registers
// MAP-NEXT:    thread 0: [0]{{$}}
// MAP:         thread 63: [63]{{$}}
// MAP-NEXT:    thread 64: [0]{{$}}
tt.func @narrow(%p: !tt.ptr<i32>) attributes {block_size = 64 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %s = tt.reduce sum %r : tensor<64xi32> -> i32
  tt.store %p, %s : !tt.ptr<i32>
  tt.return
}

// -----

// Without num_warps a kernel has block_size threads, one lane each:
// 256 lanes are 8 warps.
// CHECK: #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// MAP-LABEL: %0: 256, 256 threads x 1 registers
// MAP:         thread 255: [255]{{$}}
tt.func @no_num_warps(%p: !tt.ptr<i32>) attributes {block_size = 256 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %s = tt.reduce sum %r : tensor<256xi32> -> i32
  tt.store %p, %s : !tt.ptr<i32>
  tt.return
}

// -----

// Below a warp without num_warps: one warp whose lanes past 8 replicate.
// CHECK: #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// MAP-LABEL: %0: 8, 32 threads x 1 registers
// MAP:         thread 7: [7]{{$}}
// MAP-NEXT:    thread 8: [0]{{$}}
tt.func @sub_warp(%p: !tt.ptr<i32>) attributes {block_size = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %s = tt.reduce sum %r : tensor<8xi32> -> i32
  tt.store %p, %s : !tt.ptr<i32>
  tt.return
}

// -----

// A tensor that already has a layout keeps it; scalars-only kernels are
// unchanged.
// CHECK: #[[K:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// CHECK-LABEL: tt.func @keeps_layouts
// CHECK:         tt.make_range {{.*}} : tensor<32xi32, #[[K]]>
// CHECK-LABEL: tt.func @scalars_only
// CHECK-NEXT:    %[[V:.*]] = tt.load %{{.*}} : !tt.ptr<f32>
// CHECK-NEXT:    tt.store %{{.*}}, %[[V]] : !tt.ptr<f32>
tt.func @keeps_layouts(%p: !tt.ptr<i32>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #tt.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>>
  %s = tt.reduce sum %r : tensor<32xi32, #tt.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>> -> i32
  tt.store %p, %s : !tt.ptr<i32>
  tt.return
}
tt.func @scalars_only(%p: !tt.ptr<f32>) attributes {block_size = 1 : i32} {
  %v = tt.load %p : !tt.ptr<f32>
  tt.store %p, %v : !tt.ptr<f32>
  tt.return
}
