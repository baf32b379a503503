/* The compiled launcher: packs a launch's arguments and calls mtr_launch in
 * C, where runtime.py's ctypes path spends most of a launch's host time
 * building ctypes objects. Built for the running interpreter at first use
 * (see __init__.py); mtr_launch's address comes from libMyTritonRuntime.so
 * through init(), so this module links nothing but Python. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stddef.h>
#include <stdint.h>

typedef int (*mtr_launch_fn)(void *fn, const unsigned grid[3],
                             const unsigned block[3], unsigned shared_bytes,
                             void *stream, void **args, size_t num_args);

typedef int (*mtr_query_fn)(uint64_t device_ptr, int *ordinal);
typedef int (*mtr_current_fn)(int *ordinal);

static mtr_launch_fn mtr_launch;
static mtr_query_fn mtr_pointer_device;
static mtr_current_fn mtr_current_device;
static PyObject *value_name; /* "value", the attribute of jit._Arg */

/* One slot per argument: cuLaunchKernel reads each through a pointer. */
typedef union Slot {
  uint64_t u64;
  int32_t i32;
  float f32;
} Slot;

enum { MAX_ARGS = 512 };

static void *address_of(PyObject *object, const char *what) {
  void *pointer = PyLong_AsVoidPtr(object);
  if (!pointer && !PyErr_Occurred())
    PyErr_Format(PyExc_ValueError, "%s is null", what);
  return pointer;
}

/* init(mtr_launch, mtr_pointer_device, mtr_current_device): the runtime's
 * entry points, by address. */
static PyObject *init(PyObject *self, PyObject *const *args,
                      Py_ssize_t nargs) {
  (void)self;
  if (nargs != 3) {
    PyErr_SetString(PyExc_TypeError, "init() takes 3 addresses");
    return NULL;
  }
  void *launch = address_of(args[0], "mtr_launch");
  void *pointer = launch ? address_of(args[1], "mtr_pointer_device") : NULL;
  void *current = pointer ? address_of(args[2], "mtr_current_device") : NULL;
  if (!current)
    return NULL;
  mtr_launch = (mtr_launch_fn)launch;
  mtr_pointer_device = (mtr_query_fn)pointer;
  mtr_current_device = (mtr_current_fn)current;
  Py_RETURN_NONE;
}

/* pointer_device(address) -> the ordinal of the device holding it, or None
 * when the driver does not know the memory. */
static PyObject *pointer_device(PyObject *self, PyObject *address) {
  (void)self;
  unsigned long long value = PyLong_AsUnsignedLongLong(address);
  if (value == (unsigned long long)-1 && PyErr_Occurred())
    return NULL;
  int ordinal = -1;
  if (!mtr_pointer_device || mtr_pointer_device(value, &ordinal) ||
      ordinal < 0)
    Py_RETURN_NONE;
  return PyLong_FromLong(ordinal);
}

/* current_device() -> the ordinal of the thread's current context's device,
 * or None. */
static PyObject *current_device(PyObject *self, PyObject *unused) {
  (void)self;
  (void)unused;
  int ordinal = -1;
  if (!mtr_current_device || mtr_current_device(&ordinal) || ordinal < 0)
    Py_RETURN_NONE;
  return PyLong_FromLong(ordinal);
}

static int unsigned_arg(PyObject *object, const char *what, unsigned *out) {
  unsigned long value = PyLong_AsUnsignedLong(object);
  if (value == (unsigned long)-1 && PyErr_Occurred())
    return -1;
  if (value > 0xffffffffUL) {
    PyErr_Format(PyExc_OverflowError, "%s %lu does not fit in 32 bits", what,
                 value);
    return -1;
  }
  *out = (unsigned)value;
  return 0;
}

/* Packs one argument by its signature code: 'p' a pointer (an int address),
 * 'i' an int32, 'f' a float32. */
static int pack(char code, PyObject *value, Py_ssize_t index, Slot *slot) {
  switch (code) {
  case 'p':
    slot->u64 = PyLong_AsUnsignedLongLong(value);
    break;
  case 'i': {
    long v = PyLong_AsLong(value);
    if (!(v == -1 && PyErr_Occurred()) && (v < INT32_MIN || v > INT32_MAX)) {
      PyErr_Format(PyExc_OverflowError,
                   "argument %zd: %ld does not fit in int32", index, v);
      return -1;
    }
    slot->i32 = (int32_t)v;
    break;
  }
  case 'f':
    slot->f32 = (float)PyFloat_AsDouble(value);
    break;
  default:
    PyErr_Format(PyExc_ValueError, "argument %zd: unknown signature code '%c'",
                 index, code);
    return -1;
  }
  return PyErr_Occurred() ? -1 : 0;
}

/* launch(fn, grid_x, grid_y, grid_z, block_x, block_y, shared, stream,
 *        signature, args, g0, g1) -> mtr_launch's status
 * fn and stream are addresses; signature holds one code per entry of args
 * (jit._Arg objects, whose .value is packed); g0 and g1 are appended as
 * int32 (the launch ABI). A nonzero status leaves mtr_last_error() set on
 * this thread. */
static PyObject *launch(PyObject *self, PyObject *const *args,
                        Py_ssize_t nargs) {
  (void)self;
  if (nargs != 12) {
    PyErr_Format(PyExc_TypeError, "launch() takes 12 arguments (%zd given)",
                 nargs);
    return NULL;
  }
  if (!mtr_launch) {
    PyErr_SetString(PyExc_RuntimeError, "launcher not initialized");
    return NULL;
  }
  void *fn = PyLong_AsVoidPtr(args[0]);
  if (!fn && PyErr_Occurred())
    return NULL;
  unsigned grid[3], block[3] = {1, 1, 1}, shared;
  if (unsigned_arg(args[1], "grid x", &grid[0]) ||
      unsigned_arg(args[2], "grid y", &grid[1]) ||
      unsigned_arg(args[3], "grid z", &grid[2]) ||
      unsigned_arg(args[4], "block x", &block[0]) ||
      unsigned_arg(args[5], "block y", &block[1]) ||
      unsigned_arg(args[6], "shared bytes", &shared))
    return NULL;
  void *stream = args[7] == Py_None ? NULL : PyLong_AsVoidPtr(args[7]);
  if (!stream && PyErr_Occurred())
    return NULL;
  if (!PyBytes_Check(args[8]) || !PyList_Check(args[9])) {
    PyErr_SetString(PyExc_TypeError,
                    "launch(): signature must be bytes and args a list");
    return NULL;
  }
  const char *signature = PyBytes_AS_STRING(args[8]);
  Py_ssize_t count = PyBytes_GET_SIZE(args[8]);
  if (PyList_GET_SIZE(args[9]) != count) {
    PyErr_Format(PyExc_ValueError,
                 "launch(): %zd arguments for a signature of %zd",
                 PyList_GET_SIZE(args[9]), count);
    return NULL;
  }
  if (count + 2 > MAX_ARGS) {
    PyErr_Format(PyExc_ValueError, "launch(): at most %d arguments",
                 MAX_ARGS - 2);
    return NULL;
  }
  Slot slots[MAX_ARGS];
  void *pointers[MAX_ARGS];
  for (Py_ssize_t i = 0; i < count; ++i) {
    PyObject *value = PyObject_GetAttr(PyList_GET_ITEM(args[9], i), value_name);
    if (!value)
      return NULL;
    int failed = pack(signature[i], value, i, &slots[i]);
    Py_DECREF(value);
    if (failed)
      return NULL;
    pointers[i] = &slots[i];
  }
  for (int k = 0; k < 2; ++k) {
    if (pack('i', args[10 + k], count + k, &slots[count + k]))
      return NULL;
    pointers[count + k] = &slots[count + k];
  }
  int status;
  Py_BEGIN_ALLOW_THREADS;
  status = mtr_launch(fn, grid, block, shared, stream, pointers,
                      (size_t)count + 2);
  Py_END_ALLOW_THREADS;
  return PyLong_FromLong(status);
}

static PyMethodDef methods[] = {
    {"init", (PyCFunction)(void (*)(void))init, METH_FASTCALL,
     "init(mtr_launch, mtr_pointer_device, mtr_current_device addresses)"},
    {"pointer_device", pointer_device, METH_O,
     "pointer_device(address) -> device ordinal or None"},
    {"current_device", current_device, METH_NOARGS,
     "current_device() -> device ordinal or None"},
    {"launch", (PyCFunction)(void (*)(void))launch, METH_FASTCALL,
     "launch(fn, gx, gy, gz, bx, by, shared, stream, signature, args, g0, g1)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_mytriton_launcher",
    "MyTriton's compiled kernel launcher", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__mytriton_launcher(void) {
  value_name = PyUnicode_InternFromString("value");
  if (!value_name)
    return NULL;
  return PyModule_Create(&module);
}
