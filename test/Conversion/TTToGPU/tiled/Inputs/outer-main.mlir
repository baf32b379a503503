// @main for outer.mlir: a[i] = i (32x2), b[i] = i (2x64); prints how many
// of the 32x64 results differ from a[2m] b[n] + a[2m+1] b[64+n].
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c2048 = arith.constant 2048 : index
    %a = memref.alloc() : memref<64xf32>
    %b = memref.alloc() : memref<128xf32>
    %c = memref.alloc() : memref<2048xf32>
    scf.for %i = %c0 to %c64 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %a[%i] : memref<64xf32>
    }
    scf.for %i = %c0 to %c128 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %b[%i] : memref<128xf32>
    }
    %pa = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
    %pb = memref.extract_aligned_pointer_as_index %b : memref<128xf32> -> index
    %pc = memref.extract_aligned_pointer_as_index %c : memref<2048xf32> -> index
    %pa64 = arith.index_cast %pa : index to i64
    %pb64 = arith.index_cast %pb : index to i64
    %pc64 = arith.index_cast %pc : index to i64
    %pap = llvm.inttoptr %pa64 : i64 to !llvm.ptr<1>
    %pbp = llvm.inttoptr %pb64 : i64 to !llvm.ptr<1>
    %pcp = llvm.inttoptr %pc64 : i64 to !llvm.ptr<1>
    %one = arith.constant 1 : i32
    scf.for %t = %c0 to %c128 step %c1 {
      func.call @outer(%pap, %pbp, %pcp, %one, %one, %t, %c0) : (!llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, i32, i32, index, index) -> ()
    }
    %zero = arith.constant 0 : i32
    %bad = scf.for %i = %c0 to %c2048 step %c1 iter_args(%n = %zero) -> (i32) {
      %m = arith.divui %i, %c64 : index
      %col = arith.remui %i, %c64 : index
      %m2 = arith.muli %m, %c2 : index
      %m21 = arith.addi %m2, %c1 : index
      %n64 = arith.addi %col, %c64 : index
      %t0 = arith.muli %m2, %col : index
      %t1 = arith.muli %m21, %n64 : index
      %e = arith.addi %t0, %t1 : index
      %ei = arith.index_cast %e : index to i32
      %ef = arith.sitofp %ei : i32 to f32
      %v = memref.load %c[%i] : memref<2048xf32>
      %ne = arith.cmpf une, %v, %ef : f32
      %inc = arith.extui %ne : i1 to i32
      %n2 = arith.addi %n, %inc : i32
      scf.yield %n2 : i32
    }
    vector.print %bad : i32
    return
  }
}
