// f16 and bf16 arithmetic on the CPU, bit for bit against numpy: a kernel
// computes a + b, a - b, a * b, a / b and sqrt(a) on 4096 pairs of f16 and of
// bf16 bit patterns (every class: zeros, subnormals, normals, inf, NaN) and
// stores the results' bits; the checker recomputes them with numpy's float16
// and, for bf16, rounds numpy's float32 results to nearest even (exact: f32
// carries more than 2p + 2 bits of a bf16 result, so rounding twice is
// rounding once). NaNs compare as NaN, whatever their payload.
// RUN: mytriton-opt %s --tt-to-llvm-cpu | mlir-runner %cpu_mattr -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | %python %S/Inputs/check_half_arithmetic.py 4096 | FileCheck %s
// CHECK: f16: 4096 pairs, 5 ops, all equal
// CHECK: bf16: 4096 pairs, 5 ops, all equal

// out[k * n + i] = bits(op_k(a[i], b[i])) for op_k in + - * / sqrt(a).
tt.func @half_ops(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %out: !tt.ptr<i16>, %n: i32) attributes {block_size = 256 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c256 = arith.constant 256 : i32
  %base = arith.muli %pid, %c256 : i32
  %range = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %base_v = tt.splat %base : i32 -> tensor<256xi32>
  %offs = arith.addi %base_v, %range : tensor<256xi32>
  %ap = tt.splat %a : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
  %aptrs = tt.addptr %ap, %offs : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
  %bp = tt.splat %b : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
  %bptrs = tt.addptr %bp, %offs : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
  %x = tt.load %aptrs : tensor<256x!tt.ptr<f16>>
  %y = tt.load %bptrs : tensor<256x!tt.ptr<f16>>
  %sum = arith.addf %x, %y : tensor<256xf16>
  %diff = arith.subf %x, %y : tensor<256xf16>
  %prod = arith.mulf %x, %y : tensor<256xf16>
  %quot = arith.divf %x, %y : tensor<256xf16>
  %root = math.sqrt %x : tensor<256xf16>
  %op = tt.splat %out : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>>
  %o0 = tt.addptr %op, %offs : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
  %s0 = arith.bitcast %sum : tensor<256xf16> to tensor<256xi16>
  tt.store %o0, %s0 : tensor<256x!tt.ptr<i16>>
  %n_v = tt.splat %n : i32 -> tensor<256xi32>
  %o1 = tt.addptr %o0, %n_v : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
  %s1 = arith.bitcast %diff : tensor<256xf16> to tensor<256xi16>
  tt.store %o1, %s1 : tensor<256x!tt.ptr<i16>>
  %o2 = tt.addptr %o1, %n_v : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
  %s2 = arith.bitcast %prod : tensor<256xf16> to tensor<256xi16>
  tt.store %o2, %s2 : tensor<256x!tt.ptr<i16>>
  %o3 = tt.addptr %o2, %n_v : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
  %s3 = arith.bitcast %quot : tensor<256xf16> to tensor<256xi16>
  tt.store %o3, %s3 : tensor<256x!tt.ptr<i16>>
  %o4 = tt.addptr %o3, %n_v : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
  %s4 = arith.bitcast %root : tensor<256xf16> to tensor<256xi16>
  tt.store %o4, %s4 : tensor<256x!tt.ptr<i16>>
  tt.return
}

// The same on bf16, read and written as i16 bits.
tt.func @bfloat_ops(%a: !tt.ptr<i16>, %b: !tt.ptr<i16>, %out: !tt.ptr<i16>, %n: i32) attributes {block_size = 256 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c256 = arith.constant 256 : i32
  %base = arith.muli %pid, %c256 : i32
  %range = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %base_v = tt.splat %base : i32 -> tensor<256xi32>
  %offs = arith.addi %base_v, %range : tensor<256xi32>
  %ap = tt.splat %a : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>>
  %aptrs = tt.addptr %ap, %offs : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
  %bp = tt.splat %b : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>>
  %bptrs = tt.addptr %bp, %offs : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
  %xi = tt.load %aptrs : tensor<256x!tt.ptr<i16>>
  %yi = tt.load %bptrs : tensor<256x!tt.ptr<i16>>
  %x = arith.bitcast %xi : tensor<256xi16> to tensor<256xbf16>
  %y = arith.bitcast %yi : tensor<256xi16> to tensor<256xbf16>
  %sum = arith.addf %x, %y : tensor<256xbf16>
  %diff = arith.subf %x, %y : tensor<256xbf16>
  %prod = arith.mulf %x, %y : tensor<256xbf16>
  %quot = arith.divf %x, %y : tensor<256xbf16>
  %root = math.sqrt %x : tensor<256xbf16>
  %op = tt.splat %out : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>>
  %o0 = tt.addptr %op, %offs : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
  %s0 = arith.bitcast %sum : tensor<256xbf16> to tensor<256xi16>
  tt.store %o0, %s0 : tensor<256x!tt.ptr<i16>>
  %n_v = tt.splat %n : i32 -> tensor<256xi32>
  %o1 = tt.addptr %o0, %n_v : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
  %s1 = arith.bitcast %diff : tensor<256xbf16> to tensor<256xi16>
  tt.store %o1, %s1 : tensor<256x!tt.ptr<i16>>
  %o2 = tt.addptr %o1, %n_v : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
  %s2 = arith.bitcast %prod : tensor<256xbf16> to tensor<256xi16>
  tt.store %o2, %s2 : tensor<256x!tt.ptr<i16>>
  %o3 = tt.addptr %o2, %n_v : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
  %s3 = arith.bitcast %quot : tensor<256xbf16> to tensor<256xi16>
  tt.store %o3, %s3 : tensor<256x!tt.ptr<i16>>
  %o4 = tt.addptr %o3, %n_v : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
  %s4 = arith.bitcast %root : tensor<256xbf16> to tensor<256xi16>
  tt.store %o4, %s4 : tensor<256x!tt.ptr<i16>>
  tt.return
}

func.func private @half_ops_grid(memref<?xf16>, memref<?xf16>, memref<?xi16>, i32, i32, i32, i32, memref<?xi32>)
func.func private @bfloat_ops_grid(memref<?xi16>, memref<?xi16>, memref<?xi16>, i32, i32, i32, i32, memref<?xi32>)
func.func private @printMemrefI16(memref<*xi16>) attributes {llvm.emit_c_interface}

// bits[i] = (i * mul + add) mod 2^16: the checker makes the same patterns.
func.func @pattern(%bits: memref<?xi16>, %mul: i32, %add: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %size = memref.dim %bits, %c0 : memref<?xi16>
  scf.for %i = %c0 to %size step %c1 {
    %i32 = arith.index_cast %i : index to i32
    %m = arith.muli %i32, %mul : i32
    %v = arith.addi %m, %add : i32
    %t = arith.trunci %v : i32 to i16
    memref.store %t, %bits[%i] : memref<?xi16>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  %c20480 = arith.constant 20480 : index
  %n = arith.constant 4096 : i32
  %grid = arith.constant 16 : i32
  %one = arith.constant 1 : i32
  %mul_a = arith.constant 40503 : i32
  %add_a = arith.constant 17 : i32
  %mul_b = arith.constant 30011 : i32
  %add_b = arith.constant 12345 : i32
  %a = memref.alloc(%c4096) : memref<?xi16>
  %b = memref.alloc(%c4096) : memref<?xi16>
  %out = memref.alloc(%c20480) : memref<?xi16>
  %record = memref.alloc(%c1) : memref<?xi32>
  %none = arith.constant -1 : i32
  func.call @pattern(%a, %mul_a, %add_a) : (memref<?xi16>, i32, i32) -> ()
  func.call @pattern(%b, %mul_b, %add_b) : (memref<?xi16>, i32, i32) -> ()
  // The f16 kernel reads the same bits as f16.
  %ah = memref.alloc(%c4096) : memref<?xf16>
  %bh = memref.alloc(%c4096) : memref<?xf16>
  scf.for %i = %c0 to %c4096 step %c1 {
    %x = memref.load %a[%i] : memref<?xi16>
    %xh = arith.bitcast %x : i16 to f16
    memref.store %xh, %ah[%i] : memref<?xf16>
    %y = memref.load %b[%i] : memref<?xi16>
    %yh = arith.bitcast %y : i16 to f16
    memref.store %yh, %bh[%i] : memref<?xf16>
  }
  %printed = memref.cast %out : memref<?xi16> to memref<*xi16>
  memref.store %none, %record[%c0] : memref<?xi32>
  func.call @half_ops_grid(%ah, %bh, %out, %n, %grid, %one, %one, %record) : (memref<?xf16>, memref<?xf16>, memref<?xi16>, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @printMemrefI16(%printed) : (memref<*xi16>) -> ()
  func.call @bfloat_ops_grid(%a, %b, %out, %n, %grid, %one, %one, %record) : (memref<?xi16>, memref<?xi16>, memref<?xi16>, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @printMemrefI16(%printed) : (memref<*xi16>) -> ()
  return
}
