"""A tiny interpreter for the Python subset of code screenshots, so code read from an image is
evaluated without ever being executed: a whitelist of nodes, no imports, attributes or I/O, and a
step limit."""

from __future__ import annotations

import ast
import operator

_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv,
           ast.Mod: operator.mod}
_COMPARE = {ast.Lt: operator.lt, ast.Gt: operator.gt, ast.LtE: operator.le, ast.GtE: operator.ge,
            ast.Eq: operator.eq, ast.NotEq: operator.ne}


class Unsupported(ValueError):
    """The code uses something outside the subset, or runs too long."""


class _Return(Exception):
    def __init__(self, value):
        self.value = value


class Interpreter:
    def __init__(self, max_steps: int = 200_000, on_iteration=None):
        self.steps, self.max_steps, self.on_iteration = 0, max_steps, on_iteration

    def call(self, function: ast.FunctionDef, args: list):
        names = [a.arg for a in function.args.args]
        if len(names) != len(args):
            raise Unsupported("wrong number of arguments")
        env = dict(zip(names, args, strict=True))
        try:
            self.block(function.body, env, depth=0)
        except _Return as result:
            return result.value
        return None

    def tick(self):
        self.steps += 1
        if self.steps > self.max_steps:
            raise Unsupported("too many steps")

    def block(self, body, env, depth):
        for node in body:
            self.statement(node, env, depth)

    def statement(self, node, env, depth):
        self.tick()
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            env[node.targets[0].id] = self.value(node.value, env)
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and type(node.op) in _BINARY:
            env[node.target.id] = _BINARY[type(node.op)](env[node.target.id], self.value(node.value, env))
        elif isinstance(node, ast.For) and isinstance(node.target, ast.Name) and not node.orelse:
            for item in self.value(node.iter, env):
                env[node.target.id] = item
                self.block(node.body, env, depth + 1)
                if self.on_iteration and depth == 0:
                    self.on_iteration(dict(env))
        elif isinstance(node, ast.While) and not node.orelse:
            while self.value(node.test, env):
                self.tick()
                self.block(node.body, env, depth + 1)
                if self.on_iteration and depth == 0:
                    self.on_iteration(dict(env))
        elif isinstance(node, ast.If):
            self.block(node.body if self.value(node.test, env) else node.orelse, env, depth)
        elif isinstance(node, ast.Return):
            raise _Return(self.value(node.value, env) if node.value else None)
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            self.value(node.value, env)
        else:
            raise Unsupported(f"statement {type(node).__name__}")

    def value(self, node, env):
        self.tick()
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, bool)):
            return node.value
        if isinstance(node, ast.Name):
            if node.id not in env:
                raise Unsupported(f"unknown name {node.id}")
            return env[node.id]
        if isinstance(node, ast.List):
            return [self.value(e, env) for e in node.elts]
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            return _BINARY[type(node.op)](self.value(node.left, env), self.value(node.right, env))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -self.value(node.operand, env)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return not self.value(node.operand, env)
        if isinstance(node, ast.BoolOp):
            values = (self.value(v, env) for v in node.values)
            return all(values) if isinstance(node.op, ast.And) else any(values)
        if isinstance(node, ast.Compare) and all(type(op) in _COMPARE for op in node.ops):
            left = self.value(node.left, env)
            for op, right_node in zip(node.ops, node.comparators, strict=True):
                right = self.value(right_node, env)
                if not _COMPARE[type(op)](left, right):
                    return False
                left = right
            return True
        if isinstance(node, ast.Call) and not node.keywords:
            args = [self.value(a, env) for a in node.args]
            if isinstance(node.func, ast.Name) and node.func.id in ("range", "sum", "len"):
                if node.func.id == "range" and len(args) <= 3 and all(isinstance(a, int) for a in args):
                    if len(range(*args)) > self.max_steps:
                        raise Unsupported("range too long")
                    return range(*args)
                if node.func.id in ("sum", "len") and len(args) == 1 and isinstance(args[0], list):
                    return sum(args[0]) if node.func.id == "sum" else len(args[0])
            if (isinstance(node.func, ast.Attribute) and node.func.attr == "append"
                    and isinstance(node.func.value, ast.Name) and isinstance(env.get(node.func.value.id), list)
                    and len(args) == 1):
                env[node.func.value.id].append(args[0])
                return None
        raise Unsupported(f"expression {type(node).__name__}")


def function_named(source: str, name: str) -> ast.FunctionDef:
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return node
    raise Unsupported(f"no function {name}")
