// On Hopper (compute-capability 90, use-wgmma) a dot goes to wgmma only
// when copies can fill its shared-memory tiles 16 bytes at a time: a must
// be K-contiguous, and b N-contiguous for 16-bit operands (wgmma transposes
// them) but K-contiguous for tf32 and i8. b read row by row from a
// row-major matrix (its pointers contiguous along N, its row stride a
// run-time value) would be copied one 4-byte element at a time: such a
// tf32 dot takes mma.sync instead (@tf32_b_rows; tutorial 03 in tf32, 122
// TFLOP/s against 95-98 on wgmma). Must not fire: tf32 with b read down
// its columns (@tf32_b_columns, K-contiguous) and f16 with b read by rows
// (@f16_b_rows) stay on wgmma.
// RUN: mytriton-opt %s -split-input-file -tt-assign-layouts="compute-capability=90 use-wgmma=1" | FileCheck %s

// CHECK:       #[[MMA2:mma]] = #tt.mma<{versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @tf32_b_rows(
// CHECK-NOT:     tt.local_alloc
// CHECK:         tt.dot {{.*}} -> tensor<64x64xf32, #[[MMA2]]>
// CHECK-NOT:     tt.warp_group_dot
tt.func @tf32_b_rows(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>, %ld: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %lds = tt.splat %ld : i32 -> tensor<64x1xi32>
  %arow = arith.muli %am, %lds : tensor<64x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arowb = tt.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %akb = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %akb : tensor<64x32xi32>
  %pa = tt.splat %a : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>>
  %pa0 = tt.addptr %pa, %aoff : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi32>
  %x = tt.load %pa0 : tensor<64x32x!tt.ptr<f32>>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %bn = tt.expand_dims %rm {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %ldk = tt.splat %ld : i32 -> tensor<32x1xi32>
  %brow = arith.muli %bk, %ldk : tensor<32x1xi32>
  %browb = tt.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bnb = tt.broadcast %bn : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bnb : tensor<32x64xi32>
  %pb = tt.splat %b : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %pb0 = tt.addptr %pb, %boff : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  %y = tt.load %pb0 : tensor<32x64x!tt.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tt.dot %x, %y, %zero : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  %cn = tt.expand_dims %rm {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %crowb = tt.broadcast %arow : tensor<64x1xi32> -> tensor<64x64xi32>
  %cnb = tt.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crowb, %cnb : tensor<64x64xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %pc0 = tt.addptr %pc, %coff : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  tt.store %pc0, %d : tensor<64x64x!tt.ptr<f32>>
  tt.return
}

// -----

// CHECK:       #[[MMA3:mma]] = #tt.mma<{versionMajor = 3,
// CHECK-LABEL: tt.func @tf32_b_columns(
// CHECK:         tt.warp_group_dot {{.*}} -> tensor<64x64xf32, #[[MMA3]]>
tt.func @tf32_b_columns(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>, %ld: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %lds = tt.splat %ld : i32 -> tensor<64x1xi32>
  %arow = arith.muli %am, %lds : tensor<64x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arowb = tt.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %akb = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %akb : tensor<64x32xi32>
  %pa = tt.splat %a : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>>
  %pa0 = tt.addptr %pa, %aoff : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi32>
  %x = tt.load %pa0 : tensor<64x32x!tt.ptr<f32>>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %bn = tt.expand_dims %rm {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %ldn = tt.splat %ld : i32 -> tensor<1x64xi32>
  %bcol = arith.muli %bn, %ldn : tensor<1x64xi32>
  %bkb = tt.broadcast %bk : tensor<32x1xi32> -> tensor<32x64xi32>
  %bcolb = tt.broadcast %bcol : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %bkb, %bcolb : tensor<32x64xi32>
  %pb = tt.splat %b : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %pb0 = tt.addptr %pb, %boff : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  %y = tt.load %pb0 : tensor<32x64x!tt.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tt.dot %x, %y, %zero : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  %cn = tt.expand_dims %rm {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %crowb = tt.broadcast %arow : tensor<64x1xi32> -> tensor<64x64xi32>
  %cnb = tt.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crowb, %cnb : tensor<64x64xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %pc0 = tt.addptr %pc, %coff : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  tt.store %pc0, %d : tensor<64x64x!tt.ptr<f32>>
  tt.return
}

// -----

// CHECK:       #[[MMA3:mma]] = #tt.mma<{versionMajor = 3,
// CHECK-LABEL: tt.func @f16_b_rows(
// CHECK:         tt.warp_group_dot {{.*}} -> tensor<64x64xf32, #[[MMA3]]>
tt.func @f16_b_rows(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f32>, %ld: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %lds = tt.splat %ld : i32 -> tensor<64x1xi32>
  %arow = arith.muli %am, %lds : tensor<64x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %arowb = tt.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %akb = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %akb : tensor<64x32xi32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %pa0 = tt.addptr %pa, %aoff : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %x = tt.load %pa0 : tensor<64x32x!tt.ptr<f16>>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %bn = tt.expand_dims %rm {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %ldk = tt.splat %ld : i32 -> tensor<32x1xi32>
  %brow = arith.muli %bk, %ldk : tensor<32x1xi32>
  %browb = tt.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bnb = tt.broadcast %bn : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bnb : tensor<32x64xi32>
  %pb = tt.splat %b : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %pb0 = tt.addptr %pb, %boff : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  %y = tt.load %pb0 : tensor<32x64x!tt.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tt.dot %x, %y, %zero : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %cn = tt.expand_dims %rm {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %crowb = tt.broadcast %arow : tensor<64x1xi32> -> tensor<64x64xi32>
  %cnb = tt.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crowb, %cnb : tensor<64x64xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %pc0 = tt.addptr %pc, %coff : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  tt.store %pc0, %d : tensor<64x64x!tt.ptr<f32>>
  tt.return
}
