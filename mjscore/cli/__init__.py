"""Command-line face: parse options, call the library, format."""
