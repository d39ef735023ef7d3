"""The one place the version of assetgen is set: pyproject.toml reads it (`[tool.setuptools.dynamic]`)."""

__version__ = "0.2.0"
