// Every element type of the tt dialect through loads, arithmetic, casts,
// reductions and stores: the same op on vectors (and memrefs) of the type.
// RUN: mytriton-opt %s --convert-tt-to-vector=bounds-check=false -split-input-file | FileCheck %s

// f16: a masked contiguous load with `other`, arithmetic in f16, a store.
// CHECK-LABEL: func.func private @half_add(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf16>, %[[XOFF:[^:]+]]: i32, %[[S:[^:]+]]: f16, %[[N:[^:]+]]: i32
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK:         %[[OTHER:.*]] = vector.broadcast %[[S]] : f16 to vector<8xf16>
// CHECK:         %[[V:.*]] = vector.maskedload %[[X]][%{{.*}}], %[[MASK]], %[[OTHER]] : memref<?xf16>, vector<8xi1>, vector<8xf16> into vector<8xf16>
// CHECK:         %[[SUM:.*]] = arith.addf %[[V]], %[[OTHER]] : vector<8xf16>
// CHECK:         vector.maskedstore %[[X]][%{{.*}}], %[[MASK]], %[[SUM]] : memref<?xf16>, vector<8xi1>, vector<8xf16>
tt.func @half_add(%x: !tt.ptr<f16>, %s: f16, %n: i32) attributes {block_size = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %n_v = tt.splat %n : i32 -> tensor<8xi32>
  %mask = arith.cmpi slt, %r, %n_v : tensor<8xi32>
  %xp = tt.splat %x : !tt.ptr<f16> -> tensor<8x!tt.ptr<f16>>
  %ptrs = tt.addptr %xp, %r : tensor<8x!tt.ptr<f16>>, tensor<8xi32>
  %s_v = tt.splat %s : f16 -> tensor<8xf16>
  %v = tt.load %ptrs, %mask, %s_v : tensor<8x!tt.ptr<f16>>
  %sum = arith.addf %v, %s_v : tensor<8xf16>
  tt.store %ptrs, %sum, %mask : tensor<8x!tt.ptr<f16>>
  tt.return
}

// -----

// Narrow integers and f64 through a gather with `other`, casts between every
// kind (signed and unsigned, widening and narrowing, bool, same-width bits)
// and a scatter.
// CHECK-LABEL: func.func private @casts(
// CHECK-SAME:      %[[B:[^:]+]]: memref<?xi8>, %[[BOFF:[^:]+]]: i32, %[[D:[^:]+]]: memref<?xf64>, %[[DOFF:[^:]+]]: i32, %[[H:[^:]+]]: memref<?xi16>, %[[HOFF:[^:]+]]: i32, %[[L:[^:]+]]: i64
// CHECK:         %[[OTHER:.*]] = arith.constant dense<-1> : vector<4xi8>
// CHECK:         %[[BYTES:.*]] = vector.gather %[[B]][%{{.*}}] [%{{.*}}], %{{.*}}, %[[OTHER]] : memref<?xi8>, vector<4xi32>, vector<4xi1>, vector<4xi8> into vector<4xi8>
// CHECK:         %[[F:.*]] = arith.sitofp %[[BYTES]] : vector<4xi8> to vector<4xf64>
// CHECK:         %[[U:.*]] = arith.uitofp %[[BYTES]] : vector<4xi8> to vector<4xf64>
// CHECK:         %[[DV:.*]] = vector.gather %[[D]][%{{.*}}] [%{{.*}}], %{{.*}}, %{{.*}} : memref<?xf64>, vector<4xi32>, vector<4xi1>, vector<4xf64> into vector<4xf64>
// CHECK:         %[[ADD:.*]] = arith.addf %[[F]], %[[DV]] : vector<4xf64>
// CHECK:         %[[MUL:.*]] = arith.mulf %[[ADD]], %[[U]] : vector<4xf64>
// CHECK:         %[[SI:.*]] = arith.fptosi %[[MUL]] : vector<4xf64> to vector<4xi64>
// CHECK:         %[[UI:.*]] = arith.fptoui %[[U]] : vector<4xf64> to vector<4xi16>
// CHECK:         %[[LV:.*]] = vector.broadcast %[[L]] : i64 to vector<4xi64>
// CHECK:         %[[DIV:.*]] = arith.divui %[[SI]], %{{.*}} : vector<4xi64>
// CHECK:         %[[SHR:.*]] = arith.shrsi %[[DIV]], %{{.*}} : vector<4xi64>
// CHECK:         %[[T:.*]] = arith.trunci %[[SHR]] : vector<4xi64> to vector<4xi16>
// CHECK:         %[[WIDE:.*]] = arith.extsi %[[BYTES]] : vector<4xi8> to vector<4xi16>
// CHECK:         %[[BOOL:.*]] = arith.cmpi ult, %[[T]], %[[UI]] : vector<4xi16>
// CHECK:         %[[FLAG:.*]] = arith.extui %[[BOOL]] : vector<4xi1> to vector<4xi16>
// CHECK:         %[[BITS:.*]] = arith.bitcast %{{.*}} : vector<4xf16> to vector<4xi16>
// CHECK:         vector.scatter %[[H]][%{{.*}}] [%{{.*}}], %{{.*}}, %{{.*}} : memref<?xi16>, vector<4xi32>, vector<4xi1>, vector<4xi16>
tt.func @casts(%b: !tt.ptr<i8>, %d: !tt.ptr<f64>, %h: !tt.ptr<i16>, %l: i64) attributes {block_size = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %c2 = arith.constant dense<2> : tensor<4xi32>
  %offs = arith.muli %r, %c2 : tensor<4xi32>
  %bp = tt.splat %b : !tt.ptr<i8> -> tensor<4x!tt.ptr<i8>>
  %bptrs = tt.addptr %bp, %offs : tensor<4x!tt.ptr<i8>>, tensor<4xi32>
  %true = arith.constant dense<true> : tensor<4xi1>
  %m1 = arith.constant dense<-1> : tensor<4xi8>
  %bytes = tt.load %bptrs, %true, %m1 : tensor<4x!tt.ptr<i8>>
  %f = arith.sitofp %bytes : tensor<4xi8> to tensor<4xf64>
  %u = arith.uitofp %bytes : tensor<4xi8> to tensor<4xf64>
  %dp = tt.splat %d : !tt.ptr<f64> -> tensor<4x!tt.ptr<f64>>
  %dptrs = tt.addptr %dp, %offs : tensor<4x!tt.ptr<f64>>, tensor<4xi32>
  %dv = tt.load %dptrs, %true : tensor<4x!tt.ptr<f64>>
  %add = arith.addf %f, %dv : tensor<4xf64>
  %mul = arith.mulf %add, %u : tensor<4xf64>
  %si = arith.fptosi %mul : tensor<4xf64> to tensor<4xi64>
  %ui = arith.fptoui %u : tensor<4xf64> to tensor<4xi16>
  %lv = tt.splat %l : i64 -> tensor<4xi64>
  %div = arith.divui %si, %lv : tensor<4xi64>
  %c3 = arith.constant dense<3> : tensor<4xi64>
  %shr = arith.shrsi %div, %c3 : tensor<4xi64>
  %t = arith.trunci %shr : tensor<4xi64> to tensor<4xi16>
  %wide = arith.extsi %bytes : tensor<4xi8> to tensor<4xi16>
  %bool = arith.cmpi ult, %t, %ui : tensor<4xi16>
  %flag = arith.extui %bool : tensor<4xi1> to tensor<4xi16>
  %h16 = arith.truncf %dv : tensor<4xf64> to tensor<4xf16>
  %bits = arith.bitcast %h16 : tensor<4xf16> to tensor<4xi16>
  %s1 = arith.addi %wide, %flag : tensor<4xi16>
  %s2 = arith.xori %s1, %bits : tensor<4xi16>
  %hp = tt.splat %h : !tt.ptr<i16> -> tensor<4x!tt.ptr<i16>>
  %hptrs = tt.addptr %hp, %offs : tensor<4x!tt.ptr<i16>>, tensor<4xi32>
  tt.store %hptrs, %s2, %true : tensor<4x!tt.ptr<i16>>
  tt.return
}

// -----

// Reductions combine in their element type: float sums reassociate, float
// max/min ignore NaN lanes (maxnumf/minnumf), integers of any width compare
// signed.
// CHECK-LABEL: func.func private @reductions(
// CHECK:         vector.reduction <add>, %{{.*}} fastmath<reassoc> : vector<8xf16> into f16
// CHECK:         vector.reduction <maxnumf>, %{{.*}} : vector<8xbf16> into bf16
// CHECK:         vector.reduction <minnumf>, %{{.*}} : vector<8xf64> into f64
// CHECK:         vector.reduction <maxsi>, %{{.*}} : vector<8xi8> into i8
// CHECK:         vector.reduction <minsi>, %{{.*}} : vector<8xi16> into i16
// CHECK:         vector.reduction <add>, %{{.*}} : vector<8xi64> into i64
tt.func @reductions(%h: !tt.ptr<f16>, %b: !tt.ptr<bf16>, %d: !tt.ptr<f64>, %c: !tt.ptr<i8>, %s: !tt.ptr<i16>, %l: !tt.ptr<i64>) attributes {block_size = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %hp = tt.splat %h : !tt.ptr<f16> -> tensor<8x!tt.ptr<f16>>
  %hptrs = tt.addptr %hp, %r : tensor<8x!tt.ptr<f16>>, tensor<8xi32>
  %hv = tt.load %hptrs : tensor<8x!tt.ptr<f16>>
  %hs = tt.reduce sum %hv : tensor<8xf16> -> f16
  tt.store %h, %hs : !tt.ptr<f16>
  %bp = tt.splat %b : !tt.ptr<bf16> -> tensor<8x!tt.ptr<bf16>>
  %bptrs = tt.addptr %bp, %r : tensor<8x!tt.ptr<bf16>>, tensor<8xi32>
  %bv = tt.load %bptrs : tensor<8x!tt.ptr<bf16>>
  %bm = tt.reduce max %bv : tensor<8xbf16> -> bf16
  tt.store %b, %bm : !tt.ptr<bf16>
  %dp = tt.splat %d : !tt.ptr<f64> -> tensor<8x!tt.ptr<f64>>
  %dptrs = tt.addptr %dp, %r : tensor<8x!tt.ptr<f64>>, tensor<8xi32>
  %dv = tt.load %dptrs : tensor<8x!tt.ptr<f64>>
  %dm = tt.reduce min %dv : tensor<8xf64> -> f64
  tt.store %d, %dm : !tt.ptr<f64>
  %cp = tt.splat %c : !tt.ptr<i8> -> tensor<8x!tt.ptr<i8>>
  %cptrs = tt.addptr %cp, %r : tensor<8x!tt.ptr<i8>>, tensor<8xi32>
  %cv = tt.load %cptrs : tensor<8x!tt.ptr<i8>>
  %cm = tt.reduce max %cv : tensor<8xi8> -> i8
  tt.store %c, %cm : !tt.ptr<i8>
  %sp = tt.splat %s : !tt.ptr<i16> -> tensor<8x!tt.ptr<i16>>
  %sptrs = tt.addptr %sp, %r : tensor<8x!tt.ptr<i16>>, tensor<8xi32>
  %sv = tt.load %sptrs : tensor<8x!tt.ptr<i16>>
  %sm = tt.reduce min %sv : tensor<8xi16> -> i16
  tt.store %s, %sm : !tt.ptr<i16>
  %lp = tt.splat %l : !tt.ptr<i64> -> tensor<8x!tt.ptr<i64>>
  %lptrs = tt.addptr %lp, %r : tensor<8x!tt.ptr<i64>>, tensor<8xi32>
  %lv = tt.load %lptrs : tensor<8x!tt.ptr<i64>>
  %ls = tt.reduce sum %lv : tensor<8xi64> -> i64
  tt.store %l, %ls : !tt.ptr<i64>
  tt.return
}

// -----

// truncf toward_zero: the nearest-even truncation, one ulp toward zero
// (its bits minus one) where it came out larger in magnitude than the input.
// CHECK-LABEL: func.func private @trunc_toward_zero(
// CHECK:         %[[X:.*]] = vector.load %{{.*}} : memref<?xf32>, vector<8xf32>
// CHECK:         %[[NEAR:.*]] = arith.truncf %[[X]] : vector<8xf32> to vector<8xbf16>
// CHECK:         %[[BACK:.*]] = arith.extf %[[NEAR]] : vector<8xbf16> to vector<8xf32>
// CHECK:         %[[MAG:.*]] = math.absf %[[BACK]] : vector<8xf32>
// CHECK:         %[[ABS:.*]] = math.absf %[[X]] : vector<8xf32>
// CHECK:         %[[AWAY:.*]] = arith.cmpf ogt, %[[MAG]], %[[ABS]] : vector<8xf32>
// CHECK:         %[[BITS:.*]] = arith.bitcast %[[NEAR]] : vector<8xbf16> to vector<8xi16>
// CHECK:         %[[ONE:.*]] = arith.constant dense<1> : vector<8xi16>
// CHECK:         %[[DOWN:.*]] = arith.subi %[[BITS]], %[[ONE]] : vector<8xi16>
// CHECK:         %[[SMALLER:.*]] = arith.bitcast %[[DOWN]] : vector<8xi16> to vector<8xbf16>
// CHECK:         %[[R:.*]] = arith.select %[[AWAY]], %[[SMALLER]], %[[NEAR]] : vector<8xi1>, vector<8xbf16>
// CHECK:         vector.store %[[R]], %{{.*}} : memref<?xbf16>, vector<8xbf16>
// CHECK-NOT:     toward_zero :
tt.func @trunc_toward_zero(%x: !tt.ptr<f32>, %y: !tt.ptr<bf16>) attributes {block_size = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %xptrs = tt.addptr %xp, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %v = tt.load %xptrs : tensor<8x!tt.ptr<f32>>
  %t = arith.truncf %v toward_zero : tensor<8xf32> to tensor<8xbf16>
  %yp = tt.splat %y : !tt.ptr<bf16> -> tensor<8x!tt.ptr<bf16>>
  %yptrs = tt.addptr %yp, %r : tensor<8x!tt.ptr<bf16>>, tensor<8xi32>
  tt.store %yptrs, %t : tensor<8x!tt.ptr<bf16>>
  tt.return
}
