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
    * Tiled kernels (rank-2 tensors, several shapes; layouts, if any, are
      ignored): a tensor of any rank is the flat vector of its elements in
      row-major order. `tt.expand_dims`/`tt.reshape`/`tt.convert_layout`
      keep it, `tt.broadcast`/`tt.trans` are one `vector.shuffle`, and
      `tt.reduce` along an axis halves the axis log2(extent) times with
      elementwise combines. Their loads and stores are one vector access
      per row when the offsets are unit-stride along the last dimension,
      else a loop over the lanes through stack buffers, and their bounds
      checks loop over the lanes too (docs/CPU.md, "Tiled kernels").
    * Integer division and remainder get a divisor that cannot trap (a lane
      dividing by zero, or INT_MIN by -1, yields an unspecified value, as on
      the GPU, instead of killing the host process).
    * `tt.get_num_programs` reads three i32 grid-size arguments (x, y, z)
      that a kernel using it takes before the error record and the program
      ids; its grid function passes its own grid sizes. `tt.debug_barrier`
      is dropped (a program is one thread), `tt.print` is a loop of
      `printf` calls over the elements then `fflush`, and a failed
      `tt.assert` reports like a bad access (its access id, the program id
      and the first false element's index, then the program stops), or
      without `bounds-check` prints the failure and goes on.
    * `math.exp` on vectors uses a polynomial approximation (`vector-exp`),
      as the GPU's `__expf`-style fast paths do, so softmax stays vectorized.
    * With `bounds-check` (the default) every load and store checks its
      enabled lanes against the size of the buffer the pointer came from:
      a lane-contiguous access compares its first and last lane (scalars)
      and looks at its lanes only when the block crosses an end of the
      buffer, as the largest enabled offset (a select and a max reduction);
      gathers and scatters always do the latter, scalar accesses compare
      their offset. The first access with an enabled lane outside writes
      `[access id, pid x, pid y, pid z, element offset]` to the error record
      (the grid function's last argument, a `memref<?xi32>` of at least 5
      elements) and returns before touching memory; the kernel function
      returns `true` then and the grid loop stops. Checks move up, in
      program order, to just after what they depend on, so a stopped
      program's earlier stores may or may not have happened. Access ids
      number the kernel's `tt.load`/`tt.store`/`tt.assert` ops in order; `@k_grid`'s
      `mytriton.accesses` attribute maps each id to the op, the kernel
      argument its pointer came from and its source location. The grid
      function takes the error record with or without the option, so
      callers need not know how the module was compiled.
  }];
  let options = [
    Option<"vectorExp", "vector-exp", "bool", /*default=*/"true",
           "Compute math.exp on vectors with MLIR's polynomial approximation "
           "(vectorized; within 6 ulp where the result is a normal float, "
           "subnormal results flush to 0; exp(-inf) = 0, exp(nan) = nan) "
           "instead of one libm expf call per lane">,
    Option<"boundsCheck", "bounds-check", "bool", /*default=*/"true",
           "Check every enabled load/store lane against its buffer's size "
           "and stop the grid at the first access outside, reporting it in "
           "the error record">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // MYTRITON_CONVERSION_TTTOVECTOR_PASSES_TD
