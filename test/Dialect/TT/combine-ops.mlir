// tt.combine_reduce and tt.scan round-trip in their custom form: one and
// two operands, 1-D to a scalar and 2-D along an axis, reverse scans, and
// laid-out operands whose reduction is their slice.
// RUN: mytriton-opt %s | mytriton-opt | FileCheck %s

// CHECK-DAG:   #[[B:.*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG:   #[[S:.*]] = #tt.slice<{dim = 0, parent = #[[B]]}>
// CHECK-LABEL: tt.func @argmax_pair
// CHECK:         %[[R:.*]]:2 = tt.combine_reduce(%{{.*}}, %{{.*}}) axis = 0 : (tensor<64xf32>, tensor<64xi32>) -> (f32, i32) {
// CHECK-NEXT:    ^bb0(%[[LV:.*]]: f32, %[[LI:.*]]: i32, %[[RV:.*]]: f32, %[[RI:.*]]: i32):
// CHECK-NEXT:      %[[GT:.*]] = arith.cmpf ogt, %[[LV]], %[[RV]] : f32
// CHECK-NEXT:      %[[V:.*]] = arith.select %[[GT]], %[[LV]], %[[RV]] : f32
// CHECK-NEXT:      %[[I:.*]] = arith.select %[[GT]], %[[LI]], %[[RI]] : i32
// CHECK-NEXT:      tt.combine_return %[[V]], %[[I]] : f32, i32
// CHECK-NEXT:    }
tt.func @argmax_pair(%s: f32) attributes {block_size = 64 : i32} {
  %x = tt.splat %s : f32 -> tensor<64xf32>
  %idx = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %v, %i = tt.combine_reduce(%x, %idx) axis = 0 : (tensor<64xf32>, tensor<64xi32>) -> (f32, i32) {
  ^bb0(%lv: f32, %li: i32, %rv: f32, %ri: i32):
    %gt = arith.cmpf ogt, %lv, %rv : f32
    %mv = arith.select %gt, %lv, %rv : f32
    %mi = arith.select %gt, %li, %ri : i32
    tt.combine_return %mv, %mi : f32, i32
  }
  tt.return
}

// CHECK-LABEL: tt.func @rows
// CHECK:         tt.combine_reduce(%{{.*}}) axis = 1 : (tensor<8x16xi32>) -> tensor<8xi32> {
// CHECK:           arith.xori
// CHECK:         tt.scan(%{{.*}}) axis = 0 reverse : (tensor<8x16xi32>) -> tensor<8x16xi32> {
// CHECK:           arith.muli
// CHECK:         tt.scan(%{{.*}}, %{{.*}}) axis = 1 : (tensor<8x16xi32>, tensor<8x16xi32>) -> (tensor<8x16xi32>, tensor<8x16xi32>) {
tt.func @rows(%n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %x = tt.splat %n : i32 -> tensor<8x16xi32>
  %r = tt.combine_reduce(%x) axis = 1 : (tensor<8x16xi32>) -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32):
    %c = arith.xori %a, %b : i32
    tt.combine_return %c : i32
  }
  %s = tt.scan(%x) axis = 0 reverse : (tensor<8x16xi32>) -> tensor<8x16xi32> {
  ^bb0(%a: i32, %b: i32):
    %c = arith.muli %a, %b : i32
    tt.combine_return %c : i32
  }
  %p, %q = tt.scan(%x, %s) axis = 1 : (tensor<8x16xi32>, tensor<8x16xi32>) -> (tensor<8x16xi32>, tensor<8x16xi32>) {
  ^bb0(%a: i32, %b: i32, %c: i32, %d: i32):
    %e = arith.addi %a, %c : i32
    %f = arith.maxsi %b, %d : i32
    tt.combine_return %e, %f : i32, i32
  }
  tt.return
}

// CHECK-LABEL: tt.func @laid_out
// CHECK:         tt.combine_reduce(%{{.*}}) axis = 0 : (tensor<32x64xf32, #[[B]]>) -> tensor<64xf32, #[[S]]>
#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @laid_out(%s: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %x = tt.splat %s : f32 -> tensor<32x64xf32, #blocked>
  %r = tt.combine_reduce(%x) axis = 0 : (tensor<32x64xf32, #blocked>) -> tensor<64xf32, #tt.slice<{dim = 0, parent = #blocked}>> {
  ^bb0(%a: f32, %b: f32):
    %c = arith.maximumf %a, %b : f32
    tt.combine_return %c : f32
  }
  tt.return
}
