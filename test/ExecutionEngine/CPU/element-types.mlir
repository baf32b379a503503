// Narrow and wide integers and f64 on the CPU, and i64 offsets: signed and
// unsigned ops on signless i8 lanes, masked loads with `other`, reductions
// in the element type, an access beyond 2^31 elements, and a bounds check
// whose offset an i32 lowering would have wrapped into the buffer.
// RUN: mytriton-opt %s --tt-to-llvm-cpu | mlir-runner %cpu_mattr -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

// a = [-128, -1, 0, 1, 127, 100, 55, 66], lanes 6 and 7 masked off (-3).
// extsi, extui to i16:
// CHECK:      data =
// CHECK-NEXT: [-128,  -1,  0,  1,  127,  100,  -3,  -3,  128,  255,  0,  1,  127,  100,  253,  253]
// shrui by 60 and divsi by 2 (truncating) of extsi to i64; signed max and
// min, and the unsigned max of the bytes (255, from -1), as i64:
// CHECK:      data =
// CHECK-NEXT: [15,  15,  0,  0,  0,  0,  15,  15,  -64,  0,  0,  0,  63,  50,  -1,  -1,  127,  -128,  255]
// uitofp * 0.5 and sitofp to f64:
// CHECK:      data =
// CHECK-NEXT: [64,  127.5,  0,  0.5,  63.5,  50,  126.5,  126.5,  -128,  -1,  0,  1,  127,  100,  -3,  -3]
// No access was out of bounds:
// CHECK:      data =
// CHECK-NEXT: [-1, 0, 0, 0, 0]
tt.func @bytes(%a: !tt.ptr<i8>, %o16: !tt.ptr<i16>, %o64: !tt.ptr<i64>, %of: !tt.ptr<f64>) attributes {block_size = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %c6 = arith.constant dense<6> : tensor<8xi32>
  %mask = arith.cmpi slt, %r, %c6 : tensor<8xi32>
  %ap = tt.splat %a : !tt.ptr<i8> -> tensor<8x!tt.ptr<i8>>
  %aptrs = tt.addptr %ap, %r : tensor<8x!tt.ptr<i8>>, tensor<8xi32>
  %m3 = arith.constant dense<-3> : tensor<8xi8>
  %v = tt.load %aptrs, %mask, %m3 : tensor<8x!tt.ptr<i8>>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %hi = arith.addi %r, %c8 : tensor<8xi32>
  %s16 = arith.extsi %v : tensor<8xi8> to tensor<8xi16>
  %u16 = arith.extui %v : tensor<8xi8> to tensor<8xi16>
  %p16 = tt.splat %o16 : !tt.ptr<i16> -> tensor<8x!tt.ptr<i16>>
  %lo16 = tt.addptr %p16, %r : tensor<8x!tt.ptr<i16>>, tensor<8xi32>
  tt.store %lo16, %s16 : tensor<8x!tt.ptr<i16>>
  %hi16 = tt.addptr %p16, %hi : tensor<8x!tt.ptr<i16>>, tensor<8xi32>
  tt.store %hi16, %u16 : tensor<8x!tt.ptr<i16>>
  %w = arith.extsi %v : tensor<8xi8> to tensor<8xi64>
  %c60 = arith.constant dense<60> : tensor<8xi64>
  %shr = arith.shrui %w, %c60 : tensor<8xi64>
  %c2 = arith.constant dense<2> : tensor<8xi64>
  %half = arith.divsi %w, %c2 : tensor<8xi64>
  %p64 = tt.splat %o64 : !tt.ptr<i64> -> tensor<8x!tt.ptr<i64>>
  %lo64 = tt.addptr %p64, %r : tensor<8x!tt.ptr<i64>>, tensor<8xi32>
  tt.store %lo64, %shr : tensor<8x!tt.ptr<i64>>
  %hi64 = tt.addptr %p64, %hi : tensor<8x!tt.ptr<i64>>, tensor<8xi32>
  tt.store %hi64, %half : tensor<8x!tt.ptr<i64>>
  %max = tt.reduce max %v : tensor<8xi8> -> i8
  %min = tt.reduce min %v : tensor<8xi8> -> i8
  // Unsigned max as the frontend makes it: flip the sign bit, max, flip.
  %flip = arith.constant dense<-128> : tensor<8xi8>
  %flipped = arith.xori %v, %flip : tensor<8xi8>
  %fmax = tt.reduce max %flipped : tensor<8xi8> -> i8
  %flip1 = arith.constant -128 : i8
  %umax = arith.xori %fmax, %flip1 : i8
  %max64 = arith.extsi %max : i8 to i64
  %min64 = arith.extsi %min : i8 to i64
  %umax64 = arith.extui %umax : i8 to i64
  %c16 = arith.constant 16 : i32
  %c17 = arith.constant 17 : i32
  %c18 = arith.constant 18 : i32
  %q16 = tt.addptr %o64, %c16 : !tt.ptr<i64>, i32
  tt.store %q16, %max64 : !tt.ptr<i64>
  %q17 = tt.addptr %o64, %c17 : !tt.ptr<i64>, i32
  tt.store %q17, %min64 : !tt.ptr<i64>
  %q18 = tt.addptr %o64, %c18 : !tt.ptr<i64>, i32
  tt.store %q18, %umax64 : !tt.ptr<i64>
  %u = arith.uitofp %v : tensor<8xi8> to tensor<8xf64>
  %pointfive = arith.constant dense<0.5> : tensor<8xf64>
  %uh = arith.mulf %u, %pointfive : tensor<8xf64>
  %sf = arith.sitofp %v : tensor<8xi8> to tensor<8xf64>
  %pf = tt.splat %of : !tt.ptr<f64> -> tensor<8x!tt.ptr<f64>>
  %lof = tt.addptr %pf, %r : tensor<8x!tt.ptr<f64>>, tensor<8xi32>
  tt.store %lof, %uh : tensor<8x!tt.ptr<f64>>
  %hif = tt.addptr %pf, %hi : tensor<8x!tt.ptr<f64>>, tensor<8xi32>
  tt.store %hif, %sf : tensor<8x!tt.ptr<f64>>
  tt.return
}

// x[base + lane] += 1 for 8 lanes, with an i64 base.
// 1. base = 2^31 + 8 in a buffer of 2^31 + 64 bytes: the 8 bytes there
// (10..17) become 11..18; those at 8..15 (where an i32 offset would wrap
// to, were it not negative) keep their 0.
// CHECK:      data =
// CHECK-NEXT: [11,  12,  13,  14,  15,  16,  17,  18,  0,  0,  0,  0,  0,  0,  0,  0]
// CHECK:      data =
// CHECK-NEXT: [-1, 0, 0, 0, 0]
// 2. base = 2^32 + 3 in a buffer of 16 bytes: the load (access 0) is
// refused; the record's element saturates at 2^31 - 1 (an i32 offset would
// have wrapped to 3, inside the buffer).
// CHECK:      data =
// CHECK-NEXT: [0, 0, 0, 0, 2147483647]
tt.func @far(%x: !tt.ptr<i8>, %base: i64) attributes {block_size = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %r64 = arith.extsi %r : tensor<8xi32> to tensor<8xi64>
  %b = tt.splat %base : i64 -> tensor<8xi64>
  %offs = arith.addi %b, %r64 : tensor<8xi64>
  %xp = tt.splat %x : !tt.ptr<i8> -> tensor<8x!tt.ptr<i8>>
  %ptrs = tt.addptr %xp, %offs : tensor<8x!tt.ptr<i8>>, tensor<8xi64>
  %v = tt.load %ptrs : tensor<8x!tt.ptr<i8>>
  %one = arith.constant dense<1> : tensor<8xi8>
  %w = arith.addi %v, %one : tensor<8xi8>
  tt.store %ptrs, %w : tensor<8x!tt.ptr<i8>>
  tt.return
}

func.func private @bytes_grid(memref<?xi8>, memref<?xi16>, memref<?xi64>, memref<?xf64>, i32, i32, i32, memref<?xi32>)
func.func private @far_grid(memref<?xi8>, i64, i32, i32, i32, memref<?xi32>)
func.func private @printMemrefI16(memref<*xi16>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI64(memref<*xi64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefF64(memref<*xf64>) attributes {llvm.emit_c_interface}

func.func @reset(%record: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0 : i32
  %none = arith.constant -1 : i32
  scf.for %i = %c0 to %c5 step %c1 {
    memref.store %zero, %record[%i] : memref<?xi32>
  }
  memref.store %none, %record[%c0] : memref<?xi32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c19 = arith.constant 19 : index
  %one = arith.constant 1 : i32
  %record = memref.alloc(%c5) : memref<?xi32>
  %rp = memref.cast %record : memref<?xi32> to memref<*xi32>

  %a = memref.alloc(%c8) : memref<?xi8>
  %init = arith.constant dense<[-128, -1, 0, 1, 127, 100, 55, 66]> : vector<8xi8>
  vector.store %init, %a[%c0] : memref<?xi8>, vector<8xi8>
  %o16 = memref.alloc(%c16) : memref<?xi16>
  %o64 = memref.alloc(%c19) : memref<?xi64>
  %of = memref.alloc(%c16) : memref<?xf64>
  func.call @reset(%record) : (memref<?xi32>) -> ()
  func.call @bytes_grid(%a, %o16, %o64, %of, %one, %one, %one, %record) : (memref<?xi8>, memref<?xi16>, memref<?xi64>, memref<?xf64>, i32, i32, i32, memref<?xi32>) -> ()
  %p16 = memref.cast %o16 : memref<?xi16> to memref<*xi16>
  func.call @printMemrefI16(%p16) : (memref<*xi16>) -> ()
  %p64 = memref.cast %o64 : memref<?xi64> to memref<*xi64>
  func.call @printMemrefI64(%p64) : (memref<*xi64>) -> ()
  %pf = memref.cast %of : memref<?xf64> to memref<*xf64>
  func.call @printMemrefF64(%pf) : (memref<*xf64>) -> ()
  func.call @printMemrefI32(%rp) : (memref<*xi32>) -> ()

  // 2^31 + 64 bytes, of which only the pages touched are ever mapped.
  %big_size = arith.constant 2147483712 : index
  %big = memref.alloc(%big_size) : memref<?xi8>
  %far = arith.constant 2147483656 : index
  %zero8 = arith.constant 0 : i8
  %ten = arith.constant 10 : i8
  scf.for %i = %c0 to %c16 step %c1 {
    memref.store %zero8, %big[%i] : memref<?xi8>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %at = arith.addi %far, %i : index
    %i8 = arith.index_cast %i : index to i8
    %v = arith.addi %ten, %i8 : i8
    memref.store %v, %big[%at] : memref<?xi8>
  }
  %base = arith.constant 2147483656 : i64
  func.call @reset(%record) : (memref<?xi32>) -> ()
  func.call @far_grid(%big, %base, %one, %one, %one, %record) : (memref<?xi8>, i64, i32, i32, i32, memref<?xi32>) -> ()
  %seen = memref.alloc(%c16) : memref<?xi32>
  scf.for %i = %c0 to %c8 step %c1 {
    %at = arith.addi %far, %i : index
    %v = memref.load %big[%at] : memref<?xi8>
    %v32 = arith.extui %v : i8 to i32
    memref.store %v32, %seen[%i] : memref<?xi32>
    %low = arith.addi %c8, %i : index
    %w = memref.load %big[%low] : memref<?xi8>
    %w32 = arith.extui %w : i8 to i32
    memref.store %w32, %seen[%low] : memref<?xi32>
  }
  %ps = memref.cast %seen : memref<?xi32> to memref<*xi32>
  func.call @printMemrefI32(%ps) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%rp) : (memref<*xi32>) -> ()
  memref.dealloc %big : memref<?xi8>

  %small = memref.alloc(%c16) : memref<?xi8>
  %beyond = arith.constant 4294967299 : i64
  func.call @reset(%record) : (memref<?xi32>) -> ()
  func.call @far_grid(%small, %beyond, %one, %one, %one, %record) : (memref<?xi8>, i64, i32, i32, i32, memref<?xi32>) -> ()
  func.call @printMemrefI32(%rp) : (memref<*xi32>) -> ()
  return
}
