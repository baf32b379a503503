// tt.convert_layout's folder: a conversion to the operand's own type is the
// operand, a conversion of a conversion converts once (or not at all when
// it returns to the original type), and a constant is re-typed. A single
// conversion between two layouts stays.
// RUN: mytriton-opt %s -split-input-file -canonicalize | FileCheck %s

#a = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #tt.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#c = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// CHECK-LABEL: tt.func @to_same_type
// CHECK:         %[[R:.*]] = tt.make_range {{.*}} : tensor<512xi32, #[[LA:blocked[0-9]*]]>
// CHECK-NOT:     tt.convert_layout
// CHECK:         tt.addptr %{{.*}}, %[[R]] : tensor<512x!tt.ptr<i32>, #[[LA]]>
tt.func @to_same_type(%p: !tt.ptr<i32>) attributes {block_size = 512 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32, #a>
  %c = tt.convert_layout %r : tensor<512xi32, #a> -> tensor<512xi32, #a>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #a>
  %q = tt.addptr %ps, %c : tensor<512x!tt.ptr<i32>, #a>, tensor<512xi32, #a>
  tt.store %q, %c : tensor<512x!tt.ptr<i32>, #a>
  tt.return
}

// -----

#a = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #tt.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#c = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// a -> b -> c is a -> c.
// CHECK-LABEL: tt.func @convert_of_convert
// CHECK:         %[[R:.*]] = tt.make_range {{.*}} : tensor<512xi32, #[[LA:blocked[0-9]*]]>
// CHECK-NEXT:    %[[C:.*]] = tt.convert_layout %[[R]] : tensor<512xi32, #[[LA]]> -> tensor<512xi32, #[[LC:blocked[0-9]*]]>
// CHECK-NOT:     tt.convert_layout
// CHECK:         tt.store %{{.*}}, %[[C]] : tensor<512x!tt.ptr<i32>, #[[LC]]>
tt.func @convert_of_convert(%p: !tt.ptr<i32>) attributes {block_size = 512 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32, #a>
  %b = tt.convert_layout %r : tensor<512xi32, #a> -> tensor<512xi32, #b>
  %c = tt.convert_layout %b : tensor<512xi32, #b> -> tensor<512xi32, #c>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #c>
  %q = tt.addptr %ps, %c : tensor<512x!tt.ptr<i32>, #c>, tensor<512xi32, #c>
  tt.store %q, %c : tensor<512x!tt.ptr<i32>, #c>
  tt.return
}

// -----

#a = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #tt.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// a -> b -> a is the original value.
// CHECK-LABEL: tt.func @round_trip
// CHECK:         %[[R:.*]] = tt.make_range
// CHECK-NOT:     tt.convert_layout
// CHECK:         tt.store %{{.*}}, %[[R]]
tt.func @round_trip(%p: !tt.ptr<i32>) attributes {block_size = 512 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32, #a>
  %b = tt.convert_layout %r : tensor<512xi32, #a> -> tensor<512xi32, #b>
  %a2 = tt.convert_layout %b : tensor<512xi32, #b> -> tensor<512xi32, #a>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #a>
  %q = tt.addptr %ps, %a2 : tensor<512x!tt.ptr<i32>, #a>, tensor<512xi32, #a>
  tt.store %q, %a2 : tensor<512x!tt.ptr<i32>, #a>
  tt.return
}

// -----

#a = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #tt.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#c = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// The must-not-fire cases: one conversion between two layouts stays, and
// an inner conversion that has another user stays for that user while the
// outer one converts from the original value.
// CHECK-LABEL: tt.func @conversions_that_stay
// CHECK:         %[[R:.*]] = tt.make_range {{.*}} : tensor<512xi32, #[[LA:blocked[0-9]*]]>
// CHECK-DAG:     %[[B:.*]] = tt.convert_layout %[[R]] : tensor<512xi32, #[[LA]]> -> tensor<512xi32, #[[LB:blocked[0-9]*]]>
// CHECK-DAG:     %[[C:.*]] = tt.convert_layout %[[R]] : tensor<512xi32, #[[LA]]> -> tensor<512xi32, #[[LC:blocked[0-9]*]]>
// CHECK-DAG:     tt.store %{{.*}}, %[[B]] : tensor<512x!tt.ptr<i32>, #[[LB]]>
// CHECK-DAG:     tt.store %{{.*}}, %[[C]] : tensor<512x!tt.ptr<i32>, #[[LC]]>
tt.func @conversions_that_stay(%p: !tt.ptr<i32>) attributes {block_size = 512 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32, #a>
  %b = tt.convert_layout %r : tensor<512xi32, #a> -> tensor<512xi32, #b>
  %pb = tt.splat %p : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #b>
  %qb = tt.addptr %pb, %b : tensor<512x!tt.ptr<i32>, #b>, tensor<512xi32, #b>
  tt.store %qb, %b : tensor<512x!tt.ptr<i32>, #b>
  %c = tt.convert_layout %b : tensor<512xi32, #b> -> tensor<512xi32, #c>
  %pc = tt.splat %p : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #c>
  %qc = tt.addptr %pc, %c : tensor<512x!tt.ptr<i32>, #c>, tensor<512xi32, #c>
  tt.store %qc, %c : tensor<512x!tt.ptr<i32>, #c>
  tt.return
}

// -----

#a = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #tt.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// A constant's values do not depend on the layout: it is re-typed.
// CHECK-LABEL: tt.func @constant
// CHECK-NOT:     tt.convert_layout
// CHECK:         arith.constant dense<7> : tensor<512xi32, #[[LB:blocked[0-9]*]]>
// CHECK-NOT:     tt.convert_layout
tt.func @constant(%p: !tt.ptr<i32>) attributes {block_size = 512 : i32, num_warps = 4 : i32} {
  %k = arith.constant dense<7> : tensor<512xi32, #a>
  %b = tt.convert_layout %k : tensor<512xi32, #a> -> tensor<512xi32, #b>
  %r = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32, #b>
  %pb = tt.splat %p : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #b>
  %qb = tt.addptr %pb, %r : tensor<512x!tt.ptr<i32>, #b>, tensor<512xi32, #b>
  tt.store %qb, %b : tensor<512x!tt.ptr<i32>, #b>
  tt.return
}
