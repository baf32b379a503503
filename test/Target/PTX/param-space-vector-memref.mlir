// The parameter-space check counts every kind of gpu.func parameter a
// gpu-level input can have: a vector by its elements, a memref by its
// descriptor (two pointers, the offset, a size and a stride per dimension),
// an index as 8 bytes. It once read vector and memref parameters as scalars
// and crashed (found by scripts/fuzz.sh on scalarize-loop-vectors.mlir).
// RUN: mytriton-opt --split-input-file --mytriton-check-nvvm-chip -verify-diagnostics %s | FileCheck %s

// 16 + 8 + 40 + 8 bytes: well within the limit, no diagnostic.
// CHECK-LABEL: gpu.func @fits
gpu.module @fits_module {
  gpu.func @fits(%v: vector<4xf32>, %i: index, %m: memref<8xf32>, %p: !llvm.ptr<1>) kernel {
    gpu.return
  }
}

// -----

// Two vector<512xf64> parameters are 8192 bytes.
gpu.module @too_large_module {
  // expected-error @+1 {{kernel 'too_large' has parameters of 8192 bytes}}
  gpu.func @too_large(%a: vector<512xf64>, %b: vector<512xf64>) kernel {
    gpu.return
  }
}

// -----

// A memref of rank 2 is 56 bytes: 78 of them are 4368, over 4352.
gpu.module @memrefs_module {
  // expected-error @+1 {{kernel 'memrefs' has parameters of 4368 bytes}}
  gpu.func @memrefs(%m0: memref<2x2xf32>, %m1: memref<2x2xf32>, %m2: memref<2x2xf32>, %m3: memref<2x2xf32>, %m4: memref<2x2xf32>, %m5: memref<2x2xf32>, %m6: memref<2x2xf32>, %m7: memref<2x2xf32>, %m8: memref<2x2xf32>, %m9: memref<2x2xf32>, %m10: memref<2x2xf32>, %m11: memref<2x2xf32>, %m12: memref<2x2xf32>, %m13: memref<2x2xf32>, %m14: memref<2x2xf32>, %m15: memref<2x2xf32>, %m16: memref<2x2xf32>, %m17: memref<2x2xf32>, %m18: memref<2x2xf32>, %m19: memref<2x2xf32>, %m20: memref<2x2xf32>, %m21: memref<2x2xf32>, %m22: memref<2x2xf32>, %m23: memref<2x2xf32>, %m24: memref<2x2xf32>, %m25: memref<2x2xf32>, %m26: memref<2x2xf32>, %m27: memref<2x2xf32>, %m28: memref<2x2xf32>, %m29: memref<2x2xf32>, %m30: memref<2x2xf32>, %m31: memref<2x2xf32>, %m32: memref<2x2xf32>, %m33: memref<2x2xf32>, %m34: memref<2x2xf32>, %m35: memref<2x2xf32>, %m36: memref<2x2xf32>, %m37: memref<2x2xf32>, %m38: memref<2x2xf32>, %m39: memref<2x2xf32>, %m40: memref<2x2xf32>, %m41: memref<2x2xf32>, %m42: memref<2x2xf32>, %m43: memref<2x2xf32>, %m44: memref<2x2xf32>, %m45: memref<2x2xf32>, %m46: memref<2x2xf32>, %m47: memref<2x2xf32>, %m48: memref<2x2xf32>, %m49: memref<2x2xf32>, %m50: memref<2x2xf32>, %m51: memref<2x2xf32>, %m52: memref<2x2xf32>, %m53: memref<2x2xf32>, %m54: memref<2x2xf32>, %m55: memref<2x2xf32>, %m56: memref<2x2xf32>, %m57: memref<2x2xf32>, %m58: memref<2x2xf32>, %m59: memref<2x2xf32>, %m60: memref<2x2xf32>, %m61: memref<2x2xf32>, %m62: memref<2x2xf32>, %m63: memref<2x2xf32>, %m64: memref<2x2xf32>, %m65: memref<2x2xf32>, %m66: memref<2x2xf32>, %m67: memref<2x2xf32>, %m68: memref<2x2xf32>, %m69: memref<2x2xf32>, %m70: memref<2x2xf32>, %m71: memref<2x2xf32>, %m72: memref<2x2xf32>, %m73: memref<2x2xf32>, %m74: memref<2x2xf32>, %m75: memref<2x2xf32>, %m76: memref<2x2xf32>, %m77: memref<2x2xf32>) kernel {
    gpu.return
  }
}
