"""MyTriton's version: the one string CMake (project VERSION, the tools'
--version, the C API), pyproject.toml and mytriton.__version__ all read."""

__version__ = "0.1.0"
