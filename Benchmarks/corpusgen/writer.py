"""SwiftFile: lines of one generated file plus the positions of planted constructs."""

EXPECTED = "expected"
NEAR_MISS = "near"

INDENT = "    "


class Statement:
    """One line of code and the constructs planted in it: (kind, rule, needle, label) tuples."""

    def __init__(self, text, *marks):
        self.text = text
        self.marks = marks


class SwiftFile:
    """Collects the lines of one file; `mark` records a planted construct on the last line."""

    def __init__(self, rel_path):
        self.rel_path = rel_path
        self.lines = []
        # (kind, rule, line, column, label); line/column are 1-based, column in UTF-8 bytes.
        self.marks = []

    def add(self, depth, text=""):
        """Adds one or more lines (split on newlines), each indented `depth` levels."""
        for piece in text.split("\n"):
            self.lines.append(INDENT * depth + piece if piece else "")

    def raw(self, text):
        """Adds lines verbatim (for multi-line string bodies whose indentation matters)."""
        self.lines.extend(text.split("\n"))

    def mark(self, kind, rule, needle, label, lines_back=0, start=0):
        """Records the first byte of `needle` on the last line (or `lines_back` lines before it).

        `start` (a character offset) skips an earlier occurrence, as in `self.a = a; self.b = B()`.
        """
        line_index = len(self.lines) - 1 - lines_back
        text = self.lines[line_index]
        char_offset = text.find(needle, start)
        if char_offset < 0:
            raise ValueError(f"needle {needle!r} not in line {text!r} of {self.rel_path}")
        column = len(text[:char_offset].encode("utf-8")) + 1
        self.marks.append((kind, rule, line_index + 1, column, label))

    def add_marked(self, depth, text, kind, rule, needle, label):
        self.add(depth, text)
        self.mark(kind, rule, needle, label)

    def add_statements(self, depth, statements):
        """Adds each statement on a line of its own, with its marks."""
        for statement in statements:
            self.add(depth, statement.text)
            for kind, rule, needle, label in statement.marks:
                self.mark(kind, rule, needle, label)

    def add_one_line(self, depth, head, statements, tail):
        """Adds `head` + the statements joined by `; ` + `tail` as one line, with their marks."""
        line = INDENT * depth + head
        offsets = []
        for index, statement in enumerate(statements):
            line += "; " if index else ""
            offsets.append(len(line))
            line += statement.text
        self.lines.append(line + tail)
        for offset, statement in zip(offsets, statements):
            for kind, rule, needle, label in statement.marks:
                self.mark(kind, rule, needle, label, start=offset)

    @property
    def line_count(self):
        return len(self.lines)

    def render(self):
        return "\n".join(self.lines) + "\n"
