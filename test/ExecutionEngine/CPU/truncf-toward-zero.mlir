// truncf toward_zero on the CPU: 3 x 1024 f32 bit patterns (any, of
// magnitude in [2^-31, 1), in [2, 2^17): f16 subnormals, normals and
// overflow) truncated to f16 and bf16 toward zero, and to f16 to nearest
// even; the checker compares their bits with references made another way
// (f16: the largest f16 magnitude not above |x|; bf16: the high half of x's
// bits; nearest even: numpy's astype(float16)).
// RUN: mytriton-opt %s --tt-to-llvm-cpu | mlir-runner %cpu_mattr -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | %python %S/Inputs/check_truncf_toward_zero.py 3072 | FileCheck %s
// CHECK: {{[1-9][0-9]+}} of them rounded differently to nearest even
// CHECK: 3072 values: f16 toward zero, bf16 toward zero, f16 to nearest even all equal

// out[i], out[n + i], out[2n + i] = bits of rtz_f16(x[i]), rtz_bf16(x[i]),
// rne_f16(x[i]).
tt.func @truncate(%x: !tt.ptr<f32>, %out: !tt.ptr<i16>, %n: i32) attributes {block_size = 256 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c256 = arith.constant 256 : i32
  %base = arith.muli %pid, %c256 : i32
  %range = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %base_v = tt.splat %base : i32 -> tensor<256xi32>
  %offs = arith.addi %base_v, %range : tensor<256xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %xptrs = tt.addptr %xp, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %v = tt.load %xptrs : tensor<256x!tt.ptr<f32>>
  %h = arith.truncf %v toward_zero : tensor<256xf32> to tensor<256xf16>
  %b = arith.truncf %v toward_zero : tensor<256xf32> to tensor<256xbf16>
  %r = arith.truncf %v : tensor<256xf32> to tensor<256xf16>
  %op = tt.splat %out : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>>
  %o0 = tt.addptr %op, %offs : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
  %hb = arith.bitcast %h : tensor<256xf16> to tensor<256xi16>
  tt.store %o0, %hb : tensor<256x!tt.ptr<i16>>
  %n_v = tt.splat %n : i32 -> tensor<256xi32>
  %o1 = tt.addptr %o0, %n_v : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
  %bb = arith.bitcast %b : tensor<256xbf16> to tensor<256xi16>
  tt.store %o1, %bb : tensor<256x!tt.ptr<i16>>
  %o2 = tt.addptr %o1, %n_v : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
  %rb = arith.bitcast %r : tensor<256xf16> to tensor<256xi16>
  tt.store %o2, %rb : tensor<256x!tt.ptr<i16>>
  tt.return
}

func.func private @truncate_grid(memref<?xf32>, memref<?xi16>, i32, i32, i32, i32, memref<?xi32>)
func.func private @printMemrefI16(memref<*xi16>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3072 = arith.constant 3072 : index
  %c9216 = arith.constant 9216 : index
  %n = arith.constant 3072 : i32
  %grid = arith.constant 12 : i32
  %one = arith.constant 1 : i32
  %mul = arith.constant -1640531535 : i32
  %add = arith.constant 12345 : i32
  %three = arith.constant 3 : i32
  %c0_i32 = arith.constant 0 : i32
  %keep = arith.constant -1879048193 : i32
  %small = arith.constant 805306368 : i32
  %large = arith.constant 1073741824 : i32
  %x = memref.alloc(%c3072) : memref<?xf32>
  // bits = i * 2654435761 + 12345; then by i mod 3: as is, exponent bits
  // 30..28 = 011, or = 100.
  scf.for %i = %c0 to %c3072 step %c1 {
    %i32 = arith.index_cast %i : index to i32
    %m = arith.muli %i32, %mul : i32
    %bits = arith.addi %m, %add : i32
    %kind = arith.remui %i32, %three : i32
    %cleared = arith.andi %bits, %keep : i32
    %s = arith.ori %cleared, %small : i32
    %l = arith.ori %cleared, %large : i32
    %is_raw = arith.cmpi eq, %kind, %c0_i32 : i32
    %is_small = arith.cmpi eq, %kind, %one : i32
    %sl = arith.select %is_small, %s, %l : i32
    %chosen = arith.select %is_raw, %bits, %sl : i32
    %f = arith.bitcast %chosen : i32 to f32
    memref.store %f, %x[%i] : memref<?xf32>
  }
  %out = memref.alloc(%c9216) : memref<?xi16>
  %record = memref.alloc(%c1) : memref<?xi32>
  %none = arith.constant -1 : i32
  memref.store %none, %record[%c0] : memref<?xi32>
  func.call @truncate_grid(%x, %out, %n, %grid, %one, %one, %record) : (memref<?xf32>, memref<?xi16>, i32, i32, i32, i32, memref<?xi32>) -> ()
  %printed = memref.cast %out : memref<?xi16> to memref<*xi16>
  func.call @printMemrefI16(%printed) : (memref<*xi16>) -> ()
  return
}
