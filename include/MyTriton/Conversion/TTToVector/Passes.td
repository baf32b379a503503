//===- Passes.td - tt to host vector code conversion -------*- tablegen -*-===//

#ifndef MYTRITON_CONVERSION_TTTOVECTOR_PASSES_TD
#define MYTRITON_CONVERSION_TTTOVECTOR_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTTToVector : Pass<"convert-tt-to-vector", "::mlir::ModuleOp"> {
  let summary = "Lower tt kernels to host functions over vectors";
  let description = [{
    Turns every `tt.func` into host code with the GPU's block semantics:

    * `tt.func @k(args)` becomes a private `func.func @k(args', %pid_x: i32,
      %pid_y: i32, %pid_z: i32)` that runs one program instance, plus a public
      `func.func @k_grid(args'', %grid_x: i32, %grid_y: i32, %grid_z: i32)`
      whose `scf.for` nest calls it for every program id of the grid.
    * A block tensor `tensor<NxT>` becomes `vector<NxT>` (lane i = thread i).
    * A pointer `!tt.ptr<T>` becomes a flat buffer `memref<?xT>` plus an i32
      element offset; a tensor of pointers keeps one buffer and a
      `vector<Nxi32>` of offsets. Kernel arguments are the buffers themselves
      (offset 0).
    * `tt.load`/`tt.store` of lane-contiguous offsets (scalar + [0..N)) become
      `vector.maskedload`/`vector.maskedstore`, other offsets
      `vector.gather`/`vector.scatter`; masked-off lanes touch no memory and
      loads give `other` (0 without it) there. Scalar accesses are
      `memref.load`/`memref.store`, guarded by `scf.if` when masked.
    * `tt.reduce` becomes `vector.reduction` (`add`, `maxnumf`/`minnumf` for
      f32: NaN lanes are ignored unless all lanes are NaN, like fmaxf/fminf;
      `maxsi`/`minsi` for i32).
    * Integer division and remainder get a divisor that cannot trap (a lane
      dividing by zero, or INT_MIN by -1, yields an unspecified value, as on
      the GPU, instead of killing the host process).
    * `math.exp` on vectors uses a polynomial approximation (`vector-exp`),
      as the GPU's `__expf`-style fast paths do, so softmax stays vectorized.
  }];
  let options = [
    Option<"vectorExp", "vector-exp", "bool", /*default=*/"true",
           "Compute math.exp on vectors with MLIR's polynomial approximation "
           "(vectorized; within 6 ulp where the result is a normal float, "
           "subnormal results flush to 0; exp(-inf) = 0, exp(nan) = nan) "
           "instead of one libm expf call per lane">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // MYTRITON_CONVERSION_TTTOVECTOR_PASSES_TD
