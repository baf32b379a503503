// The seed's softmax and matrix add lowered for the CPU: block tensors are
// vectors, lane-contiguous masked accesses are vector.maskedload/maskedstore,
// reductions are vector.reduction, and a @<kernel>_grid function walks the
// grid. Bounds checks (bounds-check.mlir) are off here to show the accesses
// alone.
// RUN: mytriton-opt %s --tt-optimize --convert-tt-to-vector="vector-exp=false bounds-check=false" --canonicalize --cse -split-input-file | FileCheck %s
// By default vector exp is a polynomial (fma chain), not a libm call per lane.
// RUN: mytriton-opt %s --tt-optimize --convert-tt-to-vector -split-input-file | FileCheck %s --check-prefix=EXP

// EXP-LABEL: func.func private @softmax_kernel(
// EXP-NOT:     math.exp
// EXP:         math.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<8xf32>
// EXP-NOT:     math.exp
// EXP-LABEL: func.func @softmax_kernel_grid(

// CHECK-LABEL: func.func private @softmax_kernel(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf32>, %[[XOFF:[^:]+]]: i32, %[[OUT:[^:]+]]: memref<?xf32>, %[[OUTOFF:[^:]+]]: i32,
// CHECK-SAME:      %[[NCOLS:[^:]+]]: i32, %[[PIDX:[^:]+]]: i32, %[[PIDY:[^:]+]]: i32, %[[PIDZ:[^:]+]]: i32)
// CHECK-DAG:     %[[NINF:.*]] = arith.constant dense<0xFF800000> : vector<8xf32>
// CHECK-DAG:     %[[LANES:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi32>
// CHECK:         %[[ROWSTART:.*]] = arith.muli %[[PIDX]], %[[NCOLS]] : i32
// CHECK:         %[[NV:.*]] = vector.broadcast %[[NCOLS]] : i32 to vector<8xi32>
// CHECK:         %[[MASK:.*]] = arith.cmpi sgt, %[[NV]], %[[LANES]] : vector<8xi32>
// CHECK:         %[[START:.*]] = arith.addi %[[XOFF]], %[[ROWSTART]] : i32
// CHECK:         %[[IDX:.*]] = arith.index_cast %[[START]] : i32 to index
// CHECK:         %[[V:.*]] = vector.maskedload %[[X]][%[[IDX]]], %[[MASK]], %[[NINF]] : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK:         %[[MAX:.*]] = vector.reduction <maxnumf>, %[[V]] : vector<8xf32> into f32
// CHECK:         %[[MAXV:.*]] = vector.broadcast %[[MAX]] : f32 to vector<8xf32>
// CHECK:         %[[SHIFTED:.*]] = arith.subf %[[V]], %[[MAXV]] : vector<8xf32>
// CHECK:         %[[NUM:.*]] = math.exp %[[SHIFTED]] : vector<8xf32>
// CHECK:         %[[DEN:.*]] = vector.reduction <add>, %[[NUM]] fastmath<reassoc> : vector<8xf32> into f32
// CHECK:         %[[DENV:.*]] = vector.broadcast %[[DEN]] : f32 to vector<8xf32>
// CHECK:         %[[P:.*]] = arith.divf %[[NUM]], %[[DENV]] : vector<8xf32>
// CHECK:         %[[OSTART:.*]] = arith.addi %[[OUTOFF]], %[[ROWSTART]] : i32
// CHECK:         %[[OIDX:.*]] = arith.index_cast %[[OSTART]] : i32 to index
// CHECK:         vector.maskedstore %[[OUT]][%[[OIDX]]], %[[MASK]], %[[P]] : memref<?xf32>, vector<8xi1>, vector<8xf32>
// CHECK-NEXT:    return

// The grid function takes the buffers (offset 0), the scalars, the grid
// sizes and the error record (unused without bounds checks), and calls the
// kernel for every (x, y, z), x outermost.
// CHECK-LABEL: func.func @softmax_kernel_grid(
// CHECK-SAME:      %[[GX:[^:]+]]: memref<?xf32>, %[[GOUT:[^:]+]]: memref<?xf32>, %[[GN:[^:]+]]: i32,
// CHECK-SAME:      %[[SX:[^:]+]]: i32, %[[SY:[^:]+]]: i32, %[[SZ:[^:]+]]: i32, %{{[^:]+}}: memref<?xi32>)
// CHECK-NOT:     mytriton.accesses
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[UX:.*]] = arith.index_cast %[[SX]] : i32 to index
// CHECK-DAG:     %[[UY:.*]] = arith.index_cast %[[SY]] : i32 to index
// CHECK-DAG:     %[[UZ:.*]] = arith.index_cast %[[SZ]] : i32 to index
// CHECK:         scf.for %[[XI:.*]] = %{{.*}} to %[[UX]]
// CHECK:           scf.for %[[Y:.*]] = %{{.*}} to %[[UY]]
// CHECK:             scf.for %[[Z:.*]] = %{{.*}} to %[[UZ]]
// CHECK-DAG:           %[[PX:.*]] = arith.index_cast %[[XI]] : index to i32
// CHECK-DAG:           %[[PY:.*]] = arith.index_cast %[[Y]] : index to i32
// CHECK-DAG:           %[[PZ:.*]] = arith.index_cast %[[Z]] : index to i32
// CHECK:               func.call @softmax_kernel(%[[GX]], %[[ZERO]], %[[GOUT]], %[[ZERO]], %[[GN]], %[[PX]], %[[PY]], %[[PZ]])
tt.func @softmax_kernel(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 8 : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %start = arith.muli %row, %n_cols : i32
  %start_v = tt.splat %start : i32 -> tensor<8xi32>
  %offsets = arith.addi %start_v, %cols : tensor<8xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<8xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<8xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %ptrs = tt.addptr %xp, %offsets : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %ninf = arith.constant 0xFF800000 : f32
  %other = tt.splat %ninf : f32 -> tensor<8xf32>
  %values = tt.load %ptrs, %mask, %other : tensor<8x!tt.ptr<f32>>
  %row_max = tt.reduce max %values : tensor<8xf32> -> f32
  %max_v = tt.splat %row_max : f32 -> tensor<8xf32>
  %shifted = arith.subf %values, %max_v : tensor<8xf32>
  %num = math.exp %shifted : tensor<8xf32>
  %den = tt.reduce sum %num : tensor<8xf32> -> f32
  %den_v = tt.splat %den : f32 -> tensor<8xf32>
  %probs = arith.divf %num, %den_v : tensor<8xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offsets : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.store %optrs, %probs, %mask : tensor<8x!tt.ptr<f32>>
  tt.return
}

// -----

// Matrix add on a 2-D grid: program id 1 picks the column block, and the
// row and column-block starts fold into one scalar start per access.
// CHECK-LABEL: func.func private @matrix_add_kernel(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf32>, %[[XOFF:[^:]+]]: i32, %[[Y:[^:]+]]: memref<?xf32>, %[[YOFF:[^:]+]]: i32,
// CHECK-SAME:      %[[OUT:[^:]+]]: memref<?xf32>, %[[OOFF:[^:]+]]: i32, %[[N:[^:]+]]: i32, %[[ROW:[^:]+]]: i32, %[[CB:[^:]+]]: i32, %{{[^:]+}}: i32)
// CHECK:         %[[CBSTART:.*]] = arith.muli %[[CB]], %{{.*}} : i32
// CHECK:         %[[ROWSTART:.*]] = arith.muli %[[ROW]], %[[N]] : i32
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK:         %[[XS0:.*]] = arith.addi %[[XOFF]], %[[ROWSTART]] : i32
// CHECK:         %[[XS:.*]] = arith.addi %[[XS0]], %[[CBSTART]] : i32
// CHECK:         %[[XI:.*]] = arith.index_cast %[[XS]] : i32 to index
// CHECK:         %[[LHS:.*]] = vector.maskedload %[[X]][%[[XI]]], %[[MASK]], %{{.*}} : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK:         %[[RHS:.*]] = vector.maskedload %[[Y]][%{{.*}}], %[[MASK]], %{{.*}} : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK:         %[[SUM:.*]] = arith.addf %[[LHS]], %[[RHS]] : vector<4xf32>
// CHECK:         vector.maskedstore %[[OUT]][%{{.*}}], %[[MASK]], %[[SUM]] : memref<?xf32>, vector<4xi1>, vector<4xf32>
// CHECK-NOT:     vector.gather
// CHECK-LABEL: func.func @matrix_add_kernel_grid(
tt.func @matrix_add_kernel(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 4 : i32} {
  %row = tt.get_program_id 0 : i32
  %col_block = tt.get_program_id 1 : i32
  %c4 = arith.constant 4 : i32
  %cb_start = arith.muli %col_block, %c4 : i32
  %range = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %cb_v = tt.splat %cb_start : i32 -> tensor<4xi32>
  %cols = arith.addi %cb_v, %range : tensor<4xi32>
  %row_start = arith.muli %row, %n_cols : i32
  %rs_v = tt.splat %row_start : i32 -> tensor<4xi32>
  %offs = arith.addi %rs_v, %cols : tensor<4xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<4xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<4xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %xptrs = tt.addptr %xp, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %c0 = arith.constant 0.000000e+00 : f32
  %z = tt.splat %c0 : f32 -> tensor<4xf32>
  %lhs = tt.load %xptrs, %mask, %z : tensor<4x!tt.ptr<f32>>
  %yp = tt.splat %y : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %yptrs = tt.addptr %yp, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %rhs = tt.load %yptrs, %mask, %z : tensor<4x!tt.ptr<f32>>
  %sum = arith.addf %lhs, %rhs : tensor<4xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %optrs, %sum, %mask : tensor<4x!tt.ptr<f32>>
  tt.return
}
