"""The source rewrite of runtime control flow (see _control_flow.py, whose
helpers the rewritten code calls).

`rewrite_code(fn, source)` parses a @jit function's source, keeps its line
and column numbers, and rewrites its statements:

* ``for``/``while``/``if`` bodies become nested functions whose parameters
  and return values are the names the body assigns (statically: stores,
  augmented assignments, for targets, imports, defs; nested scopes
  excluded). Each starts by unbinding parameters that arrive UNDEFINED (a
  name not bound before the block), so reading one is Python's
  UnboundLocalError, which the tracer explains. After the call, names that
  come back UNDEFINED are unbound again.
* An ``if`` holding a ``return`` at the end of a function's statements
  gets the statements after it moved into its branches; both branches then
  end the function and the ``if`` becomes ``return if_return(...)``.
* Loops with break/continue/return/else stay Python loops, their iterable
  or condition wrapped in a check that refuses traced values; so are ifs
  around a break/continue or a non-final return.
* ``a if c else b``, ``and``/``or``/``not`` and chained comparisons become
  calls taking their operands as thunks (Python's evaluation order and
  short circuit kept).
* ``assert test, msg`` becomes a call: tl.device_assert on a traced test
  (Triton's meaning), Python's assert on a Python value.

It returns the code object of the rewritten function (its free variables
those of the original, so the original closure cells fit), or None when
the source is not available.
"""

from __future__ import annotations

import ast
import inspect
import types

from ._tracer import current_builder
from .errors import CompilationError

CF_NAME = "__mt_cf__"          # _control_flow, as the rewritten code sees it
LOCALS_NAME = "__mt_locals__"  # builtins.locals, as the rewritten code sees it
_CF, _LOCALS = CF_NAME, LOCALS_NAME


# compare_chain's operators, by their number in the rewritten call.
COMPARE_OPS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq, ast.NotEq, ast.Is,
               ast.IsNot, ast.In, ast.NotIn)


def rewrite_code(fn, source):
    code = fn.__code__
    try:
        lines, first = source or inspect.getsourcelines(fn)
    except (OSError, TypeError, IndexError):
        return None
    if not lines:
        return None
    source = "".join(lines)
    indent = len(lines[0]) - len(lines[0].lstrip())
    try:
        if indent:
            module = ast.parse("if 1:\n" + source)
            ast.increment_lineno(module, first - 2)
            node = module.body[0].body[0]
        else:
            module = ast.parse(source)
            ast.increment_lineno(module, first - 1)
            node = module.body[0]
    except SyntaxError:
        return None
    if not isinstance(node, ast.FunctionDef) or node.name != code.co_name:
        return None
    _Rewriter(fn).function(node)
    return _compile_in_factory(node, code)


def _compile_in_factory(node, code):
    """The code object of FunctionDef `node`, compiled under the file name
    of `code` inside a function binding `code`'s free variables (so that
    they stay closure cells)."""
    freevars = list(code.co_freevars)
    factory_body = []
    if freevars:
        factory_body.append(ast.Assign(
            targets=[ast.Name(n, ast.Store()) for n in freevars],
            value=ast.Constant(None)))
    factory_body.append(node)
    factory = ast.FunctionDef(
        name="__mt_factory__", args=ast.arguments(
            posonlyargs=[], args=[], vararg=None, kwonlyargs=[],
            kw_defaults=[], kwarg=None, defaults=[]),
        body=factory_body, decorator_list=[], returns=None, type_comment=None)
    tree = ast.Module(body=[factory], type_ignores=[])
    ast.fix_missing_locations(tree)
    compiled = compile(tree, code.co_filename, "exec", dont_inherit=True)
    for const in compiled.co_consts:
        if isinstance(const, types.CodeType) and const.co_name == \
                "__mt_factory__":
            for inner in const.co_consts:
                if isinstance(inner, types.CodeType) and \
                        inner.co_name == code.co_name:
                    if set(inner.co_freevars) - set(freevars):
                        return None
                    return inner
    return None


# Nodes that open a scope of their own: names bound inside are not the
# enclosing function's.
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef,
           ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _walk(nodes, stop=_SCOPES):
    """ast.walk over statements, not entering nested scopes."""
    todo = list(nodes)
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, stop):
            continue
        todo.extend(ast.iter_child_nodes(node))


def _assigned(stmts) -> dict:
    """The names `stmts` bind in their function (name -> first line), in
    first-assignment order."""
    found = {}

    def add(name, node):
        line = getattr(node, "lineno", 0)
        if name not in found or line < found[name]:
            found[name] = line

    for node in _walk(stmts):
        if isinstance(node, ast.Name) and isinstance(node.ctx,
                                                     (ast.Store, ast.Del)):
            add(node.id, node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                               ast.ClassDef)):
            add(node.name, node)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                add((alias.asname or alias.name).split(".")[0], node)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            add(node.name, node)
    return dict(sorted(found.items(), key=lambda kv: kv[1]))


def _contains(stmts, kinds, loops_stop=False):
    stop = _SCOPES + ((ast.For, ast.While) if loops_stop else ())
    for stmt in stmts:
        for node in _walk([stmt], stop):
            if isinstance(node, kinds):
                return node
            if loops_stop and node is not stmt and isinstance(
                    node, (ast.For, ast.While)):
                continue
    return None


def _loop_exits(loop) -> ast.AST | None:
    """A break/continue of this loop (not of a nested one)."""
    todo = list(loop.body) + list(loop.orelse)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Break, ast.Continue)):
            return node
        if isinstance(node, _SCOPES + (ast.For, ast.While)):
            continue
        todo.extend(ast.iter_child_nodes(node))
    return None


def _always_returns(stmts) -> bool:
    if not stmts:
        return False
    last = stmts[-1]
    if isinstance(last, (ast.Return, ast.Raise)):
        return True
    if isinstance(last, ast.If):
        return _always_returns(last.body) and _always_returns(last.orelse)
    return False


def _has_walrus(node) -> bool:
    return any(isinstance(n, ast.NamedExpr) for n in ast.walk(node))


def _here(node, at):
    """`node` (generated) at the start of `at`: line and column of its
    first token, and no span, so that a call's position (CPython's
    co_positions, which `loc(...)` and errors use) is that token's."""
    for sub in ast.walk(node):
        if "lineno" in sub._attributes and \
                getattr(sub, "lineno", None) is None:
            sub.lineno, sub.col_offset = at.lineno, at.col_offset
            sub.end_lineno, sub.end_col_offset = at.lineno, at.col_offset
    return node


def _name(id_, ctx=None):
    return ast.Name(id_, ctx or ast.Load())


def _cf(attr):
    return ast.Attribute(_name(_CF), attr, ast.Load())


def _call(func, *args):
    return ast.Call(func=func, args=list(args), keywords=[])


def _lambda(expr):
    return ast.Lambda(args=ast.arguments(
        posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[],
        kwarg=None, defaults=[]), body=expr)


class _Expressions(ast.NodeTransformer):
    """`a if c else b`, and/or/not and chained comparisons as calls."""

    def visit_FunctionDef(self, node):
        return node  # a nested def is plain Python

    visit_AsyncFunctionDef = visit_ClassDef = visit_Lambda = \
        visit_FunctionDef

    def visit_IfExp(self, node):
        self.generic_visit(node)
        if _has_walrus(node):
            return node
        return _here(_call(
            _cf("ifexp"), node.test, _lambda(node.body),
            _lambda(node.orelse), ast.Constant(node.lineno)), node)

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        if _has_walrus(node):
            return node
        helper = "bool_and" if isinstance(node.op, ast.And) else "bool_or"
        return _here(_call(
            _cf(helper), *[_lambda(v) for v in node.values]), node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if not isinstance(node.op, ast.Not):
            return node
        return _here(_call(_cf("not_"), node.operand), node)

    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) < 2 or _has_walrus(node):
            return node
        ops = ast.Tuple([ast.Constant(COMPARE_OPS.index(type(op)))
                         for op in node.ops], ast.Load())
        thunks = ast.Tuple([_lambda(c) for c in node.comparators], ast.Load())
        return _here(_call(_cf("compare_chain"), node.left, ops, thunks),
                     node)


class _Rewriter:
    def __init__(self, fn):
        self.fn = fn
        self.counter = 0

    def fresh(self, what):
        self.counter += 1
        return f"__mt_{what}_{self.counter}__"

    def function(self, node: ast.FunctionDef):
        for stmt in _walk(node.body):
            if isinstance(stmt, (ast.Global, ast.Nonlocal)):
                raise CompilationError(
                    f"'{type(stmt).__name__.lower()}' statements are not "
                    "supported in a @jit function",
                    kernel=current_builder("@jit").kernel_name,
                    filename=self.fn.__code__.co_filename,
                    lineno=stmt.lineno, col=stmt.col_offset + 1)
        node.body = [_Expressions().visit(s) for s in node.body]
        node.body = self.block(node.body, tail=True)

    # -- statements --------------------------------------------------------
    def block(self, stmts, tail):
        out = []
        for index, stmt in enumerate(stmts):
            rest = stmts[index + 1:]
            if isinstance(stmt, ast.If) and tail and \
                    _contains([stmt], ast.Return) and \
                    not _loop_exits_in_if(stmt):
                out.extend(self.if_return(stmt, rest))
                return out
            out.extend(self.statement(stmt))
        return out

    def statement(self, stmt):
        if isinstance(stmt, ast.Assert):
            # Triton's: a device assert on a traced value; Python's, while
            # tracing, on a Python value. The message is evaluated only
            # when needed, as Python's.
            msg = stmt.msg if stmt.msg is not None else ast.Constant(None)
            call = _call(_cf("assert_"), stmt.test, _lambda(msg))
            return [_here(ast.Expr(call), stmt)]
        if isinstance(stmt, ast.If):
            if _loop_exits_in_if(stmt) or _contains([stmt], ast.Return):
                why = "break/continue" if _loop_exits_in_if(stmt) \
                    else "return"
                return [self.python_if(stmt, why)]
            return self.if_(stmt)
        if isinstance(stmt, (ast.For, ast.While)):
            exit_ = _loop_exits(stmt)
            ret = _contains(stmt.body + stmt.orelse, ast.Return)
            walrus = isinstance(stmt, ast.While) and _has_walrus(stmt.test)
            if exit_ or ret or stmt.orelse or walrus:
                why = ("break/continue" if exit_ else "return" if ret else
                       "an else clause" if stmt.orelse else
                       "an assignment expression (:=) in the condition")
                return [self.python_loop(stmt, why)]
            return self.for_(stmt) if isinstance(stmt, ast.For) \
                else self.while_(stmt)
        for field in ("body", "orelse", "finalbody"):
            if isinstance(getattr(stmt, field, None), list) and \
                    not isinstance(stmt, _SCOPES):
                setattr(stmt, field, self.block(getattr(stmt, field),
                                                tail=False))
        if isinstance(stmt, ast.Try):
            for handler in stmt.handlers:
                handler.body = self.block(handler.body, tail=False)
        return [stmt]

    def python_if(self, stmt, why):
        stmt.test = _here(
            _call(_cf("python_cond"), stmt.test, ast.Constant(why)), stmt.test)
        stmt.body = self.block(stmt.body, tail=False)
        stmt.orelse = self.block(stmt.orelse, tail=False)
        return stmt

    def python_loop(self, stmt, why):
        if isinstance(stmt, ast.For):
            stmt.iter = _here(
                _call(_cf("python_iter"), stmt.iter, ast.Constant(why)),
                stmt.iter)
        else:
            stmt.test = _here(
                _call(_cf("python_cond"), stmt.test, ast.Constant(why),
                      ast.Constant("while")), stmt.test)
        stmt.body = self.block(stmt.body, tail=False)
        stmt.orelse = self.block(stmt.orelse, tail=False)
        return stmt

    # -- generated code ----------------------------------------------------
    def meta(self, kind, stmt, names, target=None):
        return _call(_cf("Meta"), ast.Constant(kind),
                     ast.Constant(stmt.lineno),
                     ast.Constant(tuple(names)),
                     ast.Constant(None) if not names else ast.Dict(
                         [ast.Constant(k) for k in names],
                         [ast.Constant(v) for v in names.values()]),
                     ast.Constant(target))

    def pack(self, names):
        return _call(_cf("pack"), _call(_name(_LOCALS)),
                     ast.Constant(tuple(names)))

    def unbind_undefined(self, names):
        """`if n is UNDEFINED: del n` for each name."""
        return [ast.If(test=ast.Compare(_name(n), [ast.Is()],
                                        [_cf("UNDEFINED")]),
                       body=[ast.Delete([_name(n, ast.Del())])], orelse=[])
                for n in names]

    def define(self, name, params, body, returns_names=None):
        args = [ast.arg(p) for p in params]
        body = list(body)
        if returns_names is not None:
            body.append(ast.Return(self.pack(returns_names)))
        return ast.FunctionDef(
            name=name, args=ast.arguments(
                posonlyargs=[], args=args, vararg=None, kwonlyargs=[],
                kw_defaults=[], kwarg=None, defaults=[]),
            body=body or [ast.Pass()], decorator_list=[], returns=None,
            type_comment=None)

    def assign_back(self, stmt, names, call):
        if not names:
            out = [ast.Expr(call)]
        else:
            out = [ast.Assign(targets=[ast.Tuple(
                [_name(n, ast.Store()) for n in names], ast.Store())],
                value=call)]
            out += self.unbind_undefined(names)
        return [_here(s, stmt) for s in out]

    def located(self, stmts, stmt):
        for s in stmts:
            _here(s, stmt)
        return stmts

    def for_(self, stmt: ast.For):
        names = _assigned([stmt])  # the target and the body's names
        target_names = _assigned([ast.Assign([stmt.target], ast.Constant(0))])
        target = next(iter(target_names)) if isinstance(
            stmt.target, ast.Name) else None
        names_t = tuple(names)
        item = "__mt_item__"
        body = self.unbind_undefined(names_t) + [
            _here(ast.Assign(targets=[stmt.target],
                                         value=_name(item)), stmt)]
        body += self.block(stmt.body, tail=False)
        fname = self.fresh("for")
        fdef = self.define(fname, (item,) + names_t, body, names_t)
        meta = self.meta("for", stmt, names,
                         names_t.index(target) if target else None)
        call = _here(_call(_cf("for_"), stmt.iter, _name(fname),
                                       meta, self.pack(names_t)), stmt)
        return self.located([_here(fdef, stmt)] +
                            self.assign_back(stmt, names_t, call), stmt)

    def while_(self, stmt: ast.While):
        names = _assigned(stmt.body)
        names_t = tuple(names)
        cname, bname = self.fresh("cond"), self.fresh("while")
        cdef = self.define(cname, names_t, self.unbind_undefined(names_t) +
                           [_here(ast.Return(stmt.test),
                                              stmt.test)])
        bdef = self.define(bname, names_t, self.unbind_undefined(names_t) +
                           self.block(stmt.body, tail=False), names_t)
        call = _here(_call(
            _cf("while_"), _name(cname), _name(bname),
            self.meta("while", stmt, names), self.pack(names_t)), stmt)
        return self.located([_here(cdef, stmt),
                             _here(bdef, stmt)] +
                            self.assign_back(stmt, names_t, call), stmt)

    def branches(self, stmt, then_body, else_body, returns):
        names = _assigned(then_body + else_body)
        names_t = tuple(names)
        tname, ename = self.fresh("then"), self.fresh("else")
        tail = returns is None
        tdef = self.define(tname, names_t, self.unbind_undefined(names_t) +
                           self.block(then_body, tail=tail), returns)
        edef = self.define(ename, names_t, self.unbind_undefined(names_t) +
                           self.block(else_body, tail=tail), returns)
        return names, names_t, [_here(tdef, stmt),
                                _here(edef, stmt)], tname, ename

    def if_(self, stmt: ast.If):
        names, names_t, defs, tname, ename = self.branches(
            stmt, stmt.body, stmt.orelse, tuple(_assigned(stmt.body +
                                                          stmt.orelse)))
        call = _here(_call(
            _cf("if_"), stmt.test, _name(tname), _name(ename),
            self.meta("if", stmt, names), self.pack(names_t)), stmt)
        return self.located(defs + self.assign_back(stmt, names_t, call),
                            stmt)

    def if_return(self, stmt: ast.If, rest):
        """An if holding a return: what follows it moves into each branch
        that can fall through, so the if ends the function."""
        then_body = list(stmt.body)
        else_body = list(stmt.orelse)
        if not _always_returns(then_body):
            then_body += rest
        if not _always_returns(else_body):
            else_body += rest
        names, names_t, defs, tname, ename = self.branches(
            stmt, then_body, else_body, None)
        call = _here(_call(
            _cf("if_return"), stmt.test, _name(tname), _name(ename),
            self.meta("if", stmt, names), self.pack(names_t)), stmt)
        return self.located(defs + [_here(ast.Return(call),
                                                      stmt)], stmt)


def _loop_exits_in_if(stmt) -> bool:
    """Whether an if holds a break/continue of an enclosing loop."""
    todo = list(stmt.body) + list(stmt.orelse)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Break, ast.Continue)):
            return True
        if isinstance(node, _SCOPES + (ast.For, ast.While)):
            continue
        todo.extend(ast.iter_child_nodes(node))
    return False
