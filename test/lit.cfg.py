# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "MYTRITON"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.mytriton_obj_root, "test")
config.excludes = ["CMakeLists.txt", "README.md", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%mytriton_lib_dir", config.mytriton_lib_dir))
config.substitutions.append(("%cuda_toolkit", config.cuda_toolkit))
config.substitutions.append(("%mytriton_src_root", config.mytriton_src_root))
config.substitutions.append(("%mytriton_obj_root", config.mytriton_obj_root))
config.substitutions.append(("%mytriton_version", config.mytriton_version))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
tool_dirs = [config.mytriton_tools_dir, config.llvm_tools_dir]
tools = [
    "mytriton-opt",
    "mytriton-test-opt",
    ToolSubst("mytriton-translate", unresolved="ignore"),
    ToolSubst("mlir-opt", unresolved="ignore"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# Features tests can REQUIRE.
if config.sanitizers_enabled:
    config.available_features.add("asan")
if os.path.exists(os.path.join(config.cuda_toolkit, "bin", "nvcc")):
    config.available_features.add("nvcc")
if os.path.exists(os.path.join(config.cuda_toolkit, "bin", "ptxas")):
    config.available_features.add("ptxas")
# A host C++20 compiler runs the GPU checks with the CUDA emulated on the host.
import shutil
host_cxx = shutil.which("clang++-22") or shutil.which("clang++")
if host_cxx:
    config.available_features.add("host-cxx")
    config.substitutions.append(("%host_cxx", host_cxx))

# Debian's stock mlir-opt (it shares libMLIR.so, so it can load our plugin).
stock_mlir_opt = os.path.join(config.llvm_tools_dir, "mlir-opt")
if os.path.exists(stock_mlir_opt):
    config.available_features.add("stock-mlir-opt")
    config.substitutions.append(("%stock_mlir_opt", stock_mlir_opt))
