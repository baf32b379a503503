// @main for control-flow-acc2d.mlir: A[i] = i over 4608 floats, C[i] = -1
// over 2048, M = 30 rows of N = 50, three steps: C[i] = sum over k < 3 of
// A[k * 1500 + i] = 3i + 4500 for i < 1500 (every masked-in element), -1
// beyond. Prints how many C[i] differ.
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c1500 = arith.constant 1500 : index
    %c2048 = arith.constant 2048 : index
    %c4608 = arith.constant 4608 : index
    %minus1 = arith.constant -1.0 : f32
    %three = arith.constant 3.0 : f32
    %bias = arith.constant 4500.0 : f32
    %a = memref.alloc() : memref<4608xf32>
    %c = memref.alloc() : memref<2048xf32>
    scf.for %i = %c0 to %c4608 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %a[%i] : memref<4608xf32>
    }
    scf.for %i = %c0 to %c2048 step %c1 {
      memref.store %minus1, %c[%i] : memref<2048xf32>
    }
    %pa = memref.extract_aligned_pointer_as_index %a : memref<4608xf32> -> index
    %pc = memref.extract_aligned_pointer_as_index %c : memref<2048xf32> -> index
    %pa64 = arith.index_cast %pa : index to i64
    %pc64 = arith.index_cast %pc : index to i64
    %pap = llvm.inttoptr %pa64 : i64 to !llvm.ptr<1>
    %pcp = llvm.inttoptr %pc64 : i64 to !llvm.ptr<1>
    %m = arith.constant 30 : i32
    %n = arith.constant 50 : i32
    %steps = arith.constant 3 : i32
    %one = arith.constant 1 : i32
    scf.for %t = %c0 to %c128 step %c1 {
      func.call @acc2d(%pap, %pcp, %m, %n, %steps, %one, %one, %t, %c0) : (!llvm.ptr<1>, !llvm.ptr<1>, i32, i32, i32, i32, i32, index, index) -> ()
    }
    %zero = arith.constant 0 : i32
    %bad = scf.for %i = %c0 to %c2048 step %c1 iter_args(%k = %zero) -> (i32) {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %f3 = arith.mulf %f, %three : f32
      %sum = arith.addf %f3, %bias : f32
      %in = arith.cmpi ult, %i, %c1500 : index
      %e = arith.select %in, %sum, %minus1 : f32
      %v = memref.load %c[%i] : memref<2048xf32>
      %ne = arith.cmpf une, %v, %e : f32
      %inc = arith.extui %ne : i1 to i32
      %k2 = arith.addi %k, %inc : i32
      scf.yield %k2 : i32
    }
    vector.print %bad : i32
    return
  }
}
