#!/usr/bin/env python3
"""Validate StateLint's golden report files with external tools.

Checks, for every fixture folder under the golden directory:
  * sarif.sarif       against the SARIF 2.1.0 JSON schema (jsonschema), plus URI checks
  * junit.xml         against the Ant JUnit XSD (xmllint --schema, or lxml if installed)
  * checkstyle.xml    well-formed XML
  * json.json, gitlab.json   parse as JSON; GitLab issues carry the required fields; StateLint
                              findings' fixes have their documented shape
  * rdjson.json, rdjsonl.jsonl   against .ci/schemas/rdjson.schema.json (reviewdog's Diagnostic
                              Format as StateLint writes it), the JSON Lines one line at a time
  SARIF fixes (results[].fixes) must also give every replacement a byte range and text, and
  a complete line/column range when they give one.

Usage:
  .ci/validate_reports.py --sarif-schema ../shared/schemas/sarif-schema-2.1.0.json \
                          --junit-xsd ../shared/schemas/JUnit.xsd \
                          [--golden Tests/StateLintKitTests/Golden]

Needs: pip install jsonschema ; apt-get install -y libxml2-utils (or pip install lxml).
Exits 1 if any check fails, 2 on usage errors (missing files or tools).
"""
import argparse
import json
import pathlib
import re
import shutil
import subprocess
import sys
import xml.dom.minidom

# RFC 3986 URI-reference characters (percent-encoded octets checked separately).
URI_CHARS = re.compile(r"^[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]*$")
PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")


def fail(messages, text):
    messages.append(text)
    print(f"  FAIL {text}")


def check_sarif(path, schema, failures):
    import jsonschema

    failures_before = len(failures)
    document = json.loads(path.read_text(encoding="utf-8"))
    validator_class = jsonschema.validators.validator_for(schema)
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    for error in errors:
        fail(failures, f"{path}: {'/'.join(map(str, error.absolute_path))}: {error.message}")
    # jsonschema only checks "uri-reference" with optional extras installed, so check here.
    for run in document.get("runs", []):
        uris = [base.get("uri", "") for base in run.get("originalUriBaseIds", {}).values()]
        for result in run.get("results", []):
            for location in result.get("locations", []):
                uris.append(location["physicalLocation"]["artifactLocation"]["uri"])
            if "partialFingerprints" not in result:
                fail(failures, f"{path}: result without partialFingerprints")
            for fix in result.get("fixes", []):
                uris += check_sarif_fix(path, fix, failures)
        for uri in uris:
            if not URI_CHARS.match(uri) or PERCENT.search(uri):
                fail(failures, f"{path}: not a valid URI reference: {uri!r}")
        for base in run.get("originalUriBaseIds", {}).values():
            if not base.get("uri", "").endswith("/"):
                fail(failures, f"{path}: originalUriBaseIds uri must end with '/'")
    if len(failures) == failures_before:
        results = sum(len(r.get("results", [])) for r in document.get("runs", []))
        print(f"  ok   {path} (SARIF schema, {results} results)")


def check_sarif_fix(path, fix, failures):
    """Checks one SARIF fix beyond the schema; returns its artifact URIs for the URI checks."""
    uris = []
    if not fix.get("artifactChanges"):
        fail(failures, f"{path}: a fix without artifactChanges")
    for change in fix.get("artifactChanges", []):
        uris.append(change["artifactLocation"]["uri"])
        for replacement in change.get("replacements", []):
            region = replacement.get("deletedRegion", {})
            if not all(isinstance(region.get(k), int) and region[k] >= 0 for k in ("byteOffset", "byteLength")):
                fail(failures, f"{path}: a replacement's deletedRegion without byteOffset/byteLength")
            text_keys = [k for k in ("startLine", "startColumn", "endLine", "endColumn") if k in region]
            if text_keys and len(text_keys) != 4:
                fail(failures, f"{path}: a deletedRegion with only {text_keys}")
            if not isinstance(replacement.get("insertedContent", {}).get("text"), str):
                fail(failures, f"{path}: a replacement without insertedContent.text")
    return uris


def check_statelint_fixes(path, document, failures):
    """The `fix` of StateLint JSON findings, as README's JSON section documents it."""
    for finding in document.get("findings", []):
        fix = finding.get("fix")
        if fix is None:
            continue
        if not isinstance(fix.get("summary"), str) or not fix.get("edits"):
            fail(failures, f"{path}: a fix without summary or edits")
            continue
        for edit in fix["edits"]:
            if not (isinstance(edit.get("file"), str) and isinstance(edit.get("replacement"), str)
                    and all(isinstance(edit.get(k), int) and edit[k] >= 0 for k in ("offset", "length"))):
                fail(failures, f"{path}: an edit without file/offset/length/replacement: {edit}")
            positions = [k for k in ("line", "column", "endLine", "endColumn") if k in edit]
            if positions and len(positions) != 4:
                fail(failures, f"{path}: an edit with only {positions}")


def check_junit(path, xsd, failures):
    if shutil.which("xmllint"):
        run = subprocess.run(["xmllint", "--noout", "--schema", str(xsd), str(path)],
                             capture_output=True, text=True)
        if run.returncode != 0:
            fail(failures, f"{path}: xmllint: {run.stderr.strip()}")
            return
        tool = "xmllint"
    else:
        try:
            from lxml import etree
        except ImportError:
            print("error: need xmllint (apt-get install -y libxml2-utils) or lxml (pip install lxml)")
            sys.exit(2)
        schema = etree.XMLSchema(etree.parse(str(xsd)))
        if not schema.validate(etree.parse(str(path))):
            fail(failures, f"{path}: {schema.error_log}")
            return
        tool = "lxml"
    print(f"  ok   {path} (JUnit XSD via {tool})")


def check_well_formed_xml(path, failures):
    try:
        xml.dom.minidom.parse(str(path))
    except Exception as error:  # the parser raises several types; all mean "not well-formed"
        fail(failures, f"{path}: not well-formed XML: {error}")
        return
    print(f"  ok   {path} (well-formed XML)")


def check_json(path, failures, gitlab=False):
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as error:
        fail(failures, f"{path}: invalid JSON: {error}")
        return
    failures_before = len(failures)
    if gitlab:
        fingerprints = set()
        for issue in document:
            for key in ("description", "check_name", "fingerprint", "severity"):
                if not isinstance(issue.get(key), str):
                    fail(failures, f"{path}: issue without string {key}")
            if issue.get("severity") not in ("info", "minor", "major", "critical", "blocker"):
                fail(failures, f"{path}: bad severity {issue.get('severity')!r}")
            location = issue.get("location", {})
            if not isinstance(location.get("path"), str) or not isinstance(location.get("lines", {}).get("begin"), int):
                fail(failures, f"{path}: issue without location.path / location.lines.begin")
            fingerprints.add(issue.get("fingerprint"))
        if len(fingerprints) != len(document):
            fail(failures, f"{path}: fingerprints are not unique")
    else:
        check_statelint_fixes(path, document, failures)
    if len(failures) == failures_before:
        print(f"  ok   {path} (JSON{', GitLab Code Quality fields' if gitlab else ''})")


def check_rdjson(path, schema, failures, lines=False):
    import jsonschema
    failures_before = len(failures)
    text = path.read_text(encoding="utf-8")
    try:
        if lines:
            documents = [json.loads(line) for line in text.split("\n") if line]
            if text and not text.endswith("\n"):
                fail(failures, f"{path}: the last line has no line break")
        else:
            documents = [json.loads(text)]
    except ValueError as error:
        fail(failures, f"{path}: invalid JSON: {error}")
        return
    diagnostic_schema = dict(schema, **{"$ref": "#/definitions/diagnostic"})
    for document in documents:
        for error in jsonschema.Draft7Validator(diagnostic_schema if lines else schema).iter_errors(document):
            fail(failures, f"{path}: {error.message} at {list(error.absolute_path)}")
    if len(failures) == failures_before:
        print(f"  ok   {path} (reviewdog {'rdjsonl' if lines else 'rdjson'}, {len(documents)} document(s))")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sarif-schema", required=True, type=pathlib.Path)
    parser.add_argument("--junit-xsd", required=True, type=pathlib.Path)
    parser.add_argument("--golden", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parent.parent / "Tests/StateLintKitTests/Golden")
    args = parser.parse_args()
    for required in (args.sarif_schema, args.junit_xsd, args.golden):
        if not required.exists():
            print(f"error: {required} does not exist")
            return 2
    try:
        import jsonschema  # noqa: F401
    except ImportError:
        print("error: need jsonschema (pip install jsonschema)")
        return 2

    schema = json.loads(args.sarif_schema.read_text(encoding="utf-8"))
    rdjson_schema = json.loads((pathlib.Path(__file__).resolve().parent / "schemas/rdjson.schema.json").read_text(encoding="utf-8"))
    fixtures = sorted(p for p in args.golden.iterdir() if p.is_dir())
    if not fixtures:
        print(f"error: no fixture folders in {args.golden}")
        return 2
    failures = []
    checked = 0
    for fixture in fixtures:
        print(f"{fixture}:")
        checks = [
            ("sarif.sarif", lambda p: check_sarif(p, schema, failures)),
            ("junit.xml", lambda p: check_junit(p, args.junit_xsd, failures)),
            ("checkstyle.xml", lambda p: check_well_formed_xml(p, failures)),
            ("json.json", lambda p: check_json(p, failures)),
            ("gitlab.json", lambda p: check_json(p, failures, gitlab=True)),
            ("rdjson.json", lambda p: check_rdjson(p, rdjson_schema, failures)),
            ("rdjsonl.jsonl", lambda p: check_rdjson(p, rdjson_schema, failures, lines=True)),
        ]
        for name, check in checks:
            path = fixture / name
            if not path.exists():
                fail(failures, f"{path}: missing")
                continue
            check(path)
            checked += 1
    print(f"{checked} files checked, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
