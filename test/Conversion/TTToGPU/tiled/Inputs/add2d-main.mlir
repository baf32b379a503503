// @main for add2d.mlir: A[i] = i, B[i] = 2i, C[i] = -1 over 2048 floats,
// M = 30 rows of N = 50 (the row stride): prints how many C[i] differ from
// 3i for i < 1500 (every masked-in element) and from -1 beyond.
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c1500 = arith.constant 1500 : index
    %c2048 = arith.constant 2048 : index
    %minus1 = arith.constant -1.0 : f32
    %three = arith.constant 3.0 : f32
    %two = arith.constant 2.0 : f32
    %a = memref.alloc() : memref<2048xf32>
    %b = memref.alloc() : memref<2048xf32>
    %c = memref.alloc() : memref<2048xf32>
    scf.for %i = %c0 to %c2048 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %f2 = arith.mulf %f, %two : f32
      memref.store %f, %a[%i] : memref<2048xf32>
      memref.store %f2, %b[%i] : memref<2048xf32>
      memref.store %minus1, %c[%i] : memref<2048xf32>
    }
    %pa = memref.extract_aligned_pointer_as_index %a : memref<2048xf32> -> index
    %pb = memref.extract_aligned_pointer_as_index %b : memref<2048xf32> -> index
    %pc = memref.extract_aligned_pointer_as_index %c : memref<2048xf32> -> index
    %pa64 = arith.index_cast %pa : index to i64
    %pb64 = arith.index_cast %pb : index to i64
    %pc64 = arith.index_cast %pc : index to i64
    %pap = llvm.inttoptr %pa64 : i64 to !llvm.ptr<1>
    %pbp = llvm.inttoptr %pb64 : i64 to !llvm.ptr<1>
    %pcp = llvm.inttoptr %pc64 : i64 to !llvm.ptr<1>
    %m = arith.constant 30 : i32
    %n = arith.constant 50 : i32
    %one = arith.constant 1 : i32
    scf.for %t = %c0 to %c128 step %c1 {
      func.call @add2d(%pap, %pbp, %pcp, %m, %n, %one, %one, %t, %c0) : (!llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, i32, i32, i32, i32, index, index) -> ()
    }
    %zero = arith.constant 0 : i32
    %bad = scf.for %i = %c0 to %c2048 step %c1 iter_args(%k = %zero) -> (i32) {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %f3 = arith.mulf %f, %three : f32
      %in = arith.cmpi ult, %i, %c1500 : index
      %e = arith.select %in, %f3, %minus1 : f32
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
