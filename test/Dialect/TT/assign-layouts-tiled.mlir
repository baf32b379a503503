// tt-assign-layouts on tiled kernels (tensors of their own shapes): the
// kernel's rank-2 layout, slices for expand_dims operands and reductions
// along an axis, a 1-D layout per width, permuted layouts for tt.trans,
// rematerialization of cheap producers and tt.convert_layout elsewhere. The
// MAP run prints the index maps: which thread holds which element.
// RUN: mytriton-opt %s -split-input-file -tt-assign-layouts | FileCheck %s
// RUN: mytriton-opt %s -split-input-file -tt-assign-layouts=only-tiled | FileCheck %s
// RUN: mytriton-test-opt %s -split-input-file -tt-assign-layouts -test-tt-layout-map -o /dev/null | FileCheck %s --check-prefix=MAP

// A 64x64 tiled add on 4 warps: v = 4, tN = 16, tM = 2, wM = 4, wN = 1.
// The row and column indices are slices of the kernel layout, so no
// tensor moves between threads.
// CHECK-DAG: #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[ROWS:slice[0-9]*]] = #tt.slice<{dim = 1, parent = #[[B]]}>
// CHECK-DAG: #[[COLS:slice[0-9]*]] = #tt.slice<{dim = 0, parent = #[[B]]}>
// CHECK-LABEL: tt.func @tiled_add
// CHECK:         %[[RM:.*]] = tt.make_range {{.*}} : tensor<64xi32, #[[ROWS]]>
// CHECK:         %[[RN:.*]] = tt.make_range {{.*}} : tensor<64xi32, #[[COLS]]>
// CHECK:         tt.expand_dims %[[RM]] {axis = 1 : i32} : tensor<64xi32, #[[ROWS]]> -> tensor<64x1xi32, #[[B]]>
// CHECK:         tt.splat %{{.*}} : i32 -> tensor<64x1xi32, #[[B]]>
// CHECK:         tt.broadcast %{{.*}} : tensor<64x1xi32, #[[B]]> -> tensor<64x64xi32, #[[B]]>
// CHECK:         tt.expand_dims %[[RN]] {axis = 0 : i32} : tensor<64xi32, #[[COLS]]> -> tensor<1x64xi32, #[[B]]>
// CHECK:         %[[X:.*]] = tt.load %{{.*}} : tensor<64x64x!tt.ptr<f32>, #[[B]]>
// CHECK:         %[[Y:.*]] = tt.load %{{.*}} : tensor<64x64x!tt.ptr<f32>, #[[B]]>
// CHECK:         %[[Z:.*]] = arith.addf %[[X]], %[[Y]] : tensor<64x64xf32, #[[B]]>
// CHECK:         tt.store %{{.*}}, %[[Z]] : tensor<64x64x!tt.ptr<f32>, #[[B]]>
// CHECK-NOT:     tt.convert_layout
// CHECK:         tt.return

// Thread t = 32 w + l holds rows 8 k + 2 w + l / 16 (k < 8), columns
// 4 (l % 16) .. 4 (l % 16) + 3: 32 registers.
// MAP-LABEL: %14: 64x64, 128 threads x 32 registers
// MAP-NEXT:    thread 0: [0, 0] [0, 1] [0, 2] [0, 3] [8, 0] [8, 1] [8, 2] [8, 3] [16, 0]
// MAP-NEXT:    thread 1: [0, 4] [0, 5] [0, 6] [0, 7] [8, 4]
// MAP:         thread 15: [0, 60] [0, 61] [0, 62] [0, 63] [8, 60]
// MAP-NEXT:    thread 16: [1, 0] [1, 1] [1, 2] [1, 3] [9, 0]
// MAP:         thread 32: [2, 0] [2, 1] [2, 2] [2, 3] [10, 0]
// MAP:         thread 127: [7, 60] [7, 61] [7, 62] [7, 63] {{.*}} [63, 60] [63, 61] [63, 62] [63, 63]{{$}}
tt.func @tiled_add(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>, %stride: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %s = tt.splat %stride : i32 -> tensor<64x1xi32>
  %rms = arith.muli %rm2, %s : tensor<64x1xi32>
  %rmb = tt.broadcast %rms : tensor<64x1xi32> -> tensor<64x64xi32>
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rnb = tt.broadcast %rn2 : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %rmb, %rnb : tensor<64x64xi32>
  %pa = tt.splat %a : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %pa2 = tt.addptr %pa, %off : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  %pb = tt.splat %b : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %pb2 = tt.addptr %pb, %off : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  %x = tt.load %pa2 : tensor<64x64x!tt.ptr<f32>>
  %y = tt.load %pb2 : tensor<64x64x!tt.ptr<f32>>
  %z = arith.addf %x, %y : tensor<64x64xf32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %pc2 = tt.addptr %pc, %off : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  tt.store %pc2, %z : tensor<64x64x!tt.ptr<f32>>
  tt.return
}

// -----

// A row softmax over [4, 256] tiles on 4 warps. As in Triton, warps go
// along a row until it is covered once (v = 4, 64 vectors a row: tN = 32,
// wN = 2), then along the rows that remain (tM = 1, wM = 2): each row is
// split over two warps, each thread holds two rows (0 and 2, or 1 and 3).
// Warps along M while rows remained ([4, 1], one row a warp, no shared
// memory) ran at 0.994 of Triton's cubin on the H200, this layout at 1.029
// (docs/performance.md, eighteenth session). The row maxima and sums are
// slices along dim 1 and come back with expand_dims without a conversion;
// the masked load's `other` and the constant are re-typed.
// CHECK-DAG: #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[ROWS:slice[0-9]*]] = #tt.slice<{dim = 1, parent = #[[B]]}>
// CHECK-LABEL: tt.func @row_softmax
// CHECK:         arith.constant dense<0xFF800000> : tensor<4x256xf32, #[[B]]>
// CHECK:         %[[X:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<4x256x!tt.ptr<f32>, #[[B]]>
// CHECK:         %[[MAX:.*]] = tt.reduce max %[[X]] {axis = 1 : i32} : tensor<4x256xf32, #[[B]]> -> tensor<4xf32, #[[ROWS]]>
// CHECK:         tt.expand_dims %[[MAX]] {axis = 1 : i32} : tensor<4xf32, #[[ROWS]]> -> tensor<4x1xf32, #[[B]]>
// CHECK:         math.exp %{{.*}} : tensor<4x256xf32, #[[B]]>
// CHECK:         %[[SUM:.*]] = tt.reduce sum %{{.*}} {axis = 1 : i32} : tensor<4x256xf32, #[[B]]> -> tensor<4xf32, #[[ROWS]]>
// CHECK:         tt.expand_dims %[[SUM]] {axis = 1 : i32} : tensor<4xf32, #[[ROWS]]> -> tensor<4x1xf32, #[[B]]>
// CHECK:         arith.divf %{{.*}}, %{{.*}} : tensor<4x256xf32, #[[B]]>
// CHECK-NOT:     tt.convert_layout
// CHECK:         tt.return

// Warp w holds rows w / 2 and w / 2 + 2, columns 128 (w % 2) + 4 l .. + 3
// in lane l.
// MAP-LABEL: %{{[0-9]+}}: 4x256, 128 threads x 8 registers
// MAP-NEXT:    thread 0: [0, 0] [0, 1] [0, 2] [0, 3] [2, 0] [2, 1] [2, 2] [2, 3]{{$}}
// MAP-NEXT:    thread 1: [0, 4] [0, 5] [0, 6] [0, 7] [2, 4] [2, 5] [2, 6] [2, 7]{{$}}
// MAP:         thread 32: [0, 128] [0, 129] [0, 130] [0, 131] [2, 128] [2, 129] [2, 130] [2, 131]{{$}}
// MAP:         thread 64: [1, 0] [1, 1] [1, 2] [1, 3] [3, 0] [3, 1] [3, 2] [3, 3]{{$}}
// MAP:         thread 127: [1, 252] [1, 253] [1, 254] [1, 255] [3, 252] [3, 253] [3, 254] [3, 255]{{$}}
tt.func @row_softmax(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c4 = arith.constant 4 : i32
  %row0 = arith.muli %pid, %c4 : i32
  %rows = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %row0v = tt.splat %row0 : i32 -> tensor<4xi32>
  %r = arith.addi %row0v, %rows : tensor<4xi32>
  %cols = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %nv = tt.splat %n : i32 -> tensor<4x1xi32>
  %rs = arith.muli %r2, %nv : tensor<4x1xi32>
  %rsb = tt.broadcast %rs : tensor<4x1xi32> -> tensor<4x256xi32>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
  %cb = tt.broadcast %c2 : tensor<1x256xi32> -> tensor<4x256xi32>
  %off = arith.addi %rsb, %cb : tensor<4x256xi32>
  %nc = tt.splat %n : i32 -> tensor<4x256xi32>
  %mask = arith.cmpi slt, %cb, %nc : tensor<4x256xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<4x256xf32>
  %pin = tt.splat %in : !tt.ptr<f32> -> tensor<4x256x!tt.ptr<f32>>
  %pi = tt.addptr %pin, %off : tensor<4x256x!tt.ptr<f32>>, tensor<4x256xi32>
  %x = tt.load %pi, %mask, %ninf : tensor<4x256x!tt.ptr<f32>>
  %max = tt.reduce max %x {axis = 1 : i32} : tensor<4x256xf32> -> tensor<4xf32>
  %max2 = tt.expand_dims %max {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  %maxb = tt.broadcast %max2 : tensor<4x1xf32> -> tensor<4x256xf32>
  %sh = arith.subf %x, %maxb : tensor<4x256xf32>
  %e = math.exp %sh : tensor<4x256xf32>
  %sum = tt.reduce sum %e {axis = 1 : i32} : tensor<4x256xf32> -> tensor<4xf32>
  %sum2 = tt.expand_dims %sum {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  %sumb = tt.broadcast %sum2 : tensor<4x1xf32> -> tensor<4x256xf32>
  %y = arith.divf %e, %sumb : tensor<4x256xf32>
  %pout = tt.splat %out : !tt.ptr<f32> -> tensor<4x256x!tt.ptr<f32>>
  %po = tt.addptr %pout, %off : tensor<4x256x!tt.ptr<f32>>, tensor<4x256xi32>
  tt.store %po, %y, %mask : tensor<4x256x!tt.ptr<f32>>
  tt.return
}

// -----

// Column sums of a [32, 64] tile, two row blocks (a static_range unrolled):
// reductions along axis 0 are slices along dim 0, the accumulator stays in
// that slice, and the 1-D store takes the slice too, so its pointers are
// built from the same column indices: no conversion, no second make_range.
// CHECK-DAG: #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[COLS:slice[0-9]*]] = #tt.slice<{dim = 0, parent = #[[B]]}>
// CHECK-LABEL: tt.func @column_sums
// CHECK:         %[[RN:.*]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #[[COLS]]>
// CHECK:         %[[S0:.*]] = tt.reduce sum %{{.*}} {axis = 0 : i32} : tensor<32x64xf32, #[[B]]> -> tensor<64xf32, #[[COLS]]>
// CHECK:         %[[S1:.*]] = tt.reduce sum %{{.*}} {axis = 0 : i32} : tensor<32x64xf32, #[[B]]> -> tensor<64xf32, #[[COLS]]>
// CHECK:         %[[ACC:.*]] = arith.addf %[[S0]], %[[S1]] : tensor<64xf32, #[[COLS]]>
// CHECK:         %[[PO:.*]] = tt.splat %{{.*}} : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #[[COLS]]>
// CHECK:         %[[Q:.*]] = tt.addptr %[[PO]], %[[RN]] : tensor<64x!tt.ptr<f32>, #[[COLS]]>, tensor<64xi32, #[[COLS]]>
// CHECK:         tt.store %[[Q]], %[[ACC]] : tensor<64x!tt.ptr<f32>, #[[COLS]]>
// CHECK-NOT:     tt.convert_layout
// CHECK-NOT:     tt.make_range {end = 64
// CHECK:         tt.return

// A column sum is held by the threads of its column: 2 lanes x 4 warps.
// MAP-LABEL: : 64, 128 threads x 4 registers
// MAP-NEXT:    thread 0: [0] [1] [2] [3]{{$}}
// MAP-NEXT:    thread 1: [4] [5] [6] [7]{{$}}
// MAP:         thread 16: [0] [1] [2] [3]{{$}}
// MAP:         thread 32: [0] [1] [2] [3]{{$}}
tt.func @column_sums(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %c64 = arith.constant dense<64> : tensor<32x1xi32>
  %rms = arith.muli %rm2, %c64 : tensor<32x1xi32>
  %rmb = tt.broadcast %rms : tensor<32x1xi32> -> tensor<32x64xi32>
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rnb = tt.broadcast %rn2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %off = arith.addi %rmb, %rnb : tensor<32x64xi32>
  %pin = tt.splat %in : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %p0 = tt.addptr %pin, %off : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  %x0 = tt.load %p0 : tensor<32x64x!tt.ptr<f32>>
  %s0 = tt.reduce sum %x0 {axis = 0 : i32} : tensor<32x64xf32> -> tensor<64xf32>
  %step = arith.constant dense<2048> : tensor<32x64xi32>
  %p1 = tt.addptr %p0, %step : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  %x1 = tt.load %p1 : tensor<32x64x!tt.ptr<f32>>
  %s1 = tt.reduce sum %x1 {axis = 0 : i32} : tensor<32x64xf32> -> tensor<64xf32>
  %acc = arith.addf %s0, %s1 : tensor<64xf32>
  %pout = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %po = tt.addptr %pout, %rn : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %po, %acc : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// A transpose: tt.trans keeps every register in place under the permuted
// layout (order [0, 1]); the store needs the kernel layout, so one
// tt.convert_layout follows the trans. The reduction takes the permuted
// layout as it is.
// CHECK-DAG: #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[T:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[TS:slice[0-9]*]] = #tt.slice<{dim = 0, parent = #[[T]]}>
// CHECK-LABEL: tt.func @transpose
// CHECK:         %[[X:.*]] = tt.load %{{.*}} : tensor<32x64x!tt.ptr<f32>, #[[B]]>
// CHECK-NEXT:    %[[XT:.*]] = tt.trans %[[X]] : tensor<32x64xf32, #[[B]]> -> tensor<64x32xf32, #[[T]]>
// CHECK-NEXT:    %[[CV:.*]] = tt.convert_layout %[[XT]] : tensor<64x32xf32, #[[T]]> -> tensor<64x32xf32, #[[B]]>
// CHECK-NOT:     tt.convert_layout
// CHECK:         tt.store %{{.*}}, %[[CV]] : tensor<64x32x!tt.ptr<f32>, #[[B]]>
// CHECK:         tt.reduce sum %[[XT]] {axis = 0 : i32} : tensor<64x32xf32, #[[T]]> -> tensor<32xf32, #[[TS]]>

// Thread 0 holds the transposes of the elements it loaded.
// MAP-LABEL: : 32x64, 128 threads x 16 registers
// MAP-NEXT:    thread 0: [0, 0] [0, 1] [0, 2] [0, 3] [8, 0] [8, 1] [8, 2] [8, 3] [16, 0]
// MAP:       : 64x32, 128 threads x 16 registers
// MAP-NEXT:    thread 0: [0, 0] [1, 0] [2, 0] [3, 0] [0, 8] [1, 8] [2, 8] [3, 8] [0, 16]
tt.func @transpose(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %sums: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %c64 = arith.constant dense<64> : tensor<32x1xi32>
  %rms = arith.muli %rm2, %c64 : tensor<32x1xi32>
  %rmb = tt.broadcast %rms : tensor<32x1xi32> -> tensor<32x64xi32>
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rnb = tt.broadcast %rn2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %off = arith.addi %rmb, %rnb : tensor<32x64xi32>
  %pin = tt.splat %in : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %pi = tt.addptr %pin, %off : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  %x = tt.load %pi : tensor<32x64x!tt.ptr<f32>>
  %xt = tt.trans %x : tensor<32x64xf32> -> tensor<64x32xf32>
  // out[j, i] = x[i, j]: row j of the output starts at 32 j.
  %tm2 = tt.expand_dims %rn {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %c32 = arith.constant dense<32> : tensor<64x1xi32>
  %tms = arith.muli %tm2, %c32 : tensor<64x1xi32>
  %tmb = tt.broadcast %tms : tensor<64x1xi32> -> tensor<64x32xi32>
  %tn2 = tt.expand_dims %rm {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %tnb = tt.broadcast %tn2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %toff = arith.addi %tmb, %tnb : tensor<64x32xi32>
  %pout = tt.splat %out : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>>
  %po = tt.addptr %pout, %toff : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi32>
  tt.store %po, %xt : tensor<64x32x!tt.ptr<f32>>
  %cs = tt.reduce sum %xt {axis = 0 : i32} : tensor<64x32xf32> -> tensor<32xf32>
  %s = tt.reduce sum %cs : tensor<32xf32> -> f32
  tt.store %sums, %s : !tt.ptr<f32>
  tt.return
}

// -----

// An outer product: one make_range indexes both vectors, which
// expand_dims then needs as rows (slice along dim 1) and as columns (slice
// along dim 0). The range and the pointer arithmetic on it are cheap: they
// are recomputed in each slice, and each load takes its user's slice, so
// nothing is converted.
// CHECK-DAG: #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[ROWS:slice[0-9]*]] = #tt.slice<{dim = 1, parent = #[[B]]}>
// CHECK-DAG: #[[COLS:slice[0-9]*]] = #tt.slice<{dim = 0, parent = #[[B]]}>
// CHECK-LABEL: tt.func @outer_product
// CHECK-DAG:     %[[RR:.*]] = tt.make_range {{.*}} : tensor<32xi32, #[[ROWS]]>
// CHECK-DAG:     %[[RC:.*]] = tt.make_range {{.*}} : tensor<32xi32, #[[COLS]]>
// CHECK-DAG:     %[[PR:.*]] = tt.addptr %{{.*}}, %[[RR]] : tensor<32x!tt.ptr<f32>, #[[ROWS]]>, tensor<32xi32, #[[ROWS]]>
// CHECK-DAG:     %[[PC:.*]] = tt.addptr %{{.*}}, %[[RC]] : tensor<32x!tt.ptr<f32>, #[[COLS]]>, tensor<32xi32, #[[COLS]]>
// CHECK-DAG:     %[[A:.*]] = tt.load %[[PR]] : tensor<32x!tt.ptr<f32>, #[[ROWS]]>
// CHECK-DAG:     %[[BV:.*]] = tt.load %[[PC]] : tensor<32x!tt.ptr<f32>, #[[COLS]]>
// CHECK-DAG:     tt.expand_dims %[[A]] {axis = 1 : i32} : tensor<32xf32, #[[ROWS]]> -> tensor<32x1xf32, #[[B]]>
// CHECK-DAG:     tt.expand_dims %[[BV]] {axis = 0 : i32} : tensor<32xf32, #[[COLS]]> -> tensor<1x32xf32, #[[B]]>
// CHECK-NOT:     tt.convert_layout
// CHECK:         tt.return
tt.func @outer_product(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %pa = tt.splat %a : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %pa2 = tt.addptr %pa, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %pb = tt.splat %b : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %pb2 = tt.addptr %pb, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %va = tt.load %pa2 : tensor<32x!tt.ptr<f32>>
  %vb = tt.load %pb2 : tensor<32x!tt.ptr<f32>>
  %a2 = tt.expand_dims %va {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  %ab = tt.broadcast %a2 : tensor<32x1xf32> -> tensor<32x32xf32>
  %b2 = tt.expand_dims %vb {axis = 0 : i32} : tensor<32xf32> -> tensor<1x32xf32>
  %bb = tt.broadcast %b2 : tensor<1x32xf32> -> tensor<32x32xf32>
  %prod = arith.mulf %ab, %bb : tensor<32x32xf32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %c32 = arith.constant dense<32> : tensor<32x1xi32>
  %rs = arith.muli %r2, %c32 : tensor<32x1xi32>
  %rsb = tt.broadcast %rs : tensor<32x1xi32> -> tensor<32x32xi32>
  %rc = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rcb = tt.broadcast %rc : tensor<1x32xi32> -> tensor<32x32xi32>
  %off = arith.addi %rsb, %rcb : tensor<32x32xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %pc2 = tt.addptr %pc, %off : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
  tt.store %pc2, %prod : tensor<32x32x!tt.ptr<f32>>
  tt.return
}

// -----

// 1-D tensors of two widths in one kernel on 4 warps (128 threads): 1024
// elements are 4 per thread in 16-byte groups, 64 replicate over the
// block. A whole reduction takes either as it is.
// CHECK-DAG: #[[W1024:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[W64:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @two_widths
// CHECK:         tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[W1024]]>
// CHECK:         tt.reduce sum %{{.*}} : tensor<1024xf32, #[[W1024]]> -> f32
// CHECK:         tt.load %{{.*}} : tensor<64x!tt.ptr<f32>, #[[W64]]>
// CHECK:         tt.store %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>, #[[W64]]>
// MAP-LABEL: %{{[0-9]+}}: 1024, 128 threads x 8 registers
// MAP-NEXT:    thread 0: [0] [1] [2] [3] [512] [513] [514] [515]{{$}}
// MAP-LABEL: %{{[0-9]+}}: 64, 128 threads x 1 registers
// MAP:         thread 63: [63]{{$}}
// MAP-NEXT:    thread 64: [0]{{$}}
tt.func @two_widths(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %px = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %pxr = tt.addptr %px, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = tt.load %pxr : tensor<1024x!tt.ptr<f32>>
  %s = tt.reduce sum %v : tensor<1024xf32> -> f32
  %q = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %py = tt.splat %y : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %pyq = tt.addptr %py, %q : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %w = tt.load %pyq : tensor<64x!tt.ptr<f32>>
  %sv = tt.splat %s : f32 -> tensor<64xf32>
  %o = arith.addf %w, %sv : tensor<64xf32>
  tt.store %pyq, %o : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// Where a value that is not cheap is needed in another layout, one
// tt.convert_layout moves it: the row sums (slice along dim 1) are added
// to the column sums (slice along dim 0), the first forced operand's
// layout. A reshape gives the layout of its result's shape.
// CHECK-DAG: #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[ROWS:slice[0-9]*]] = #tt.slice<{dim = 1, parent = #[[B]]}>
// CHECK-DAG: #[[COLS:slice[0-9]*]] = #tt.slice<{dim = 0, parent = #[[B]]}>
// CHECK-DAG: #[[W1024:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @conflict
// CHECK:         %[[X:.*]] = tt.load %{{.*}} : tensor<32x32x!tt.ptr<f32>, #[[B]]>
// CHECK:         %[[C:.*]] = tt.reduce sum %[[X]] {axis = 0 : i32} : {{.*}} -> tensor<32xf32, #[[COLS]]>
// CHECK:         %[[R:.*]] = tt.reduce sum %[[X]] {axis = 1 : i32} : {{.*}} -> tensor<32xf32, #[[ROWS]]>
// CHECK-NEXT:    %[[RC:.*]] = tt.convert_layout %[[R]] : tensor<32xf32, #[[ROWS]]> -> tensor<32xf32, #[[COLS]]>
// CHECK-NEXT:    arith.addf %[[C]], %[[RC]] : tensor<32xf32, #[[COLS]]>
// CHECK:         tt.reshape %[[X]] : tensor<32x32xf32, #[[B]]> -> tensor<1024xf32, #[[W1024]]>
tt.func @conflict(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %z = arith.constant dense<0> : tensor<32x32xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %z : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
  %x = tt.load %pp : tensor<32x32x!tt.ptr<f32>>
  %c = tt.reduce sum %x {axis = 0 : i32} : tensor<32x32xf32> -> tensor<32xf32>
  %r = tt.reduce sum %x {axis = 1 : i32} : tensor<32x32xf32> -> tensor<32xf32>
  %s = arith.addf %c, %r : tensor<32xf32>
  %t = tt.reduce max %s : tensor<32xf32> -> f32
  tt.store %q, %t : !tt.ptr<f32>
  %flat = tt.reshape %x : tensor<32x32xf32> -> tensor<1024xf32>
  %u = tt.reduce sum %flat : tensor<1024xf32> -> f32
  tt.store %q, %u : !tt.ptr<f32>
  tt.return
}

// -----

// A transpose's indices: offs_m and offs_n are each built from one
// make_range and used along both dims. Each index is recomputed in the
// slice its second use needs, from the make_range in that slice; before,
// the copy of offs_n read the copy of the make_range made for offs_m and
// converted it through shared memory (a barrier pair per program).
// CHECK-DAG: #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[ROWS:slice[0-9]*]] = #tt.slice<{dim = 1, parent = #[[B]]}>
// CHECK-DAG: #[[COLS:slice[0-9]*]] = #tt.slice<{dim = 0, parent = #[[B]]}>
// CHECK-LABEL: tt.func @transpose_indices
// CHECK-DAG:     %[[RR:.*]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #[[ROWS]]>
// CHECK-DAG:     %[[RC:.*]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #[[COLS]]>
// CHECK-DAG:     arith.addi %{{.*}}, %[[RR]] : tensor<64xi32, #[[ROWS]]>
// CHECK-DAG:     arith.addi %{{.*}}, %[[RC]] : tensor<64xi32, #[[COLS]]>
// CHECK-DAG:     arith.addi %{{.*}}, %[[RC]] : tensor<64xi32, #[[COLS]]>
// CHECK-DAG:     arith.addi %{{.*}}, %[[RR]] : tensor<64xi32, #[[ROWS]]>
// CHECK-NOT:     tt.convert_layout
// CHECK:         tt.return
tt.func @transpose_indices(%o: !tt.ptr<f32>, %m0: i32, %n0: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %sm = tt.splat %m0 : i32 -> tensor<64xi32>
  %m = arith.addi %sm, %r : tensor<64xi32>
  %sn = tt.splat %n0 : i32 -> tensor<64xi32>
  %n = arith.addi %sn, %r : tensor<64xi32>
  %a = tt.expand_dims %m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %b = tt.expand_dims %n {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %a2 = tt.expand_dims %n {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %b2 = tt.expand_dims %m {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %ab = tt.broadcast %a : tensor<64x1xi32> -> tensor<64x64xi32>
  %bb = tt.broadcast %b : tensor<1x64xi32> -> tensor<64x64xi32>
  %ab2 = tt.broadcast %a2 : tensor<64x1xi32> -> tensor<64x64xi32>
  %bb2 = tt.broadcast %b2 : tensor<1x64xi32> -> tensor<64x64xi32>
  %s = arith.addi %ab, %bb : tensor<64x64xi32>
  %t = arith.addi %ab2, %bb2 : tensor<64x64xi32>
  %u = arith.addi %s, %t : tensor<64x64xi32>
  %p = tt.splat %o : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %q = tt.addptr %p, %u : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  %v = arith.sitofp %s : tensor<64x64xi32> to tensor<64x64xf32>
  tt.store %q, %v : tensor<64x64x!tt.ptr<f32>>
  tt.return
}
