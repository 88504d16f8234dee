"""Generate the Tiled project and object types from the kinds' schema entries.

    python tools/make_tiled_project.py          # write levels/gunner.tiled-project, objecttypes.xml
    python tools/make_tiled_project.py --check  # exit 1 if they are out of date

Tiled 1.9+ reads classes and enums from the project's `propertyTypes`; Tiled 1.8
reads object types from an `objecttypes.xml` chosen in its Object Types Editor.
Both are written from the same schema (gunner.objects.SCHEMA: each kind's `ENTRY`,
collected by the registry), so they never disagree with the validator.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gunner.config import LEVELS_DIR  # noqa: E402
from gunner.objects import SCHEMA, ObjectClass, Prop, enums  # noqa: E402

PROJECT = LEVELS_DIR / "gunner.tiled-project"
OBJECT_TYPES = LEVELS_DIR / "objecttypes.xml"


def _json_value(prop: Prop) -> Any:
    if prop.type in ("int", "object"):
        return int(prop.default or 0)
    if prop.type == "float":
        return float(prop.default or 0)
    if prop.type == "bool":
        return bool(prop.default)
    return str(prop.default or "")


def _xml_value(prop: Prop) -> str:
    value = _json_value(prop)
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def tiled_project(schema: dict[str, ObjectClass]) -> dict[str, Any]:
    """The .tiled-project document (Tiled 1.9+ format; 1.8 opens it and ignores propertyTypes)."""
    types: list[dict[str, Any]] = []
    # Ids only need to be unique within the file; sorted names keep them stable.
    for name, values in sorted(enums(schema).items()):
        types.append(
            {
                "id": len(types) + 1,
                "name": name,
                "storageType": "string",
                "type": "enum",
                "values": list(values),
                "valuesAsFlags": False,
            }
        )
    for name, spec in sorted(schema.items()):
        members = []
        for prop_name, prop in sorted(spec.props.items()):
            member: dict[str, Any] = {"name": prop_name, "type": prop.type}
            if prop.enum:
                member["propertyType"] = prop.enum
            member["value"] = _json_value(prop)
            members.append(member)
        types.append(
            {
                "color": "#ff" + spec.color.lstrip("#"),
                "drawFill": True,
                "id": len(types) + 1,
                "members": members,
                "name": name,
                "type": "class",
                "useAs": ["object"],
            }
        )
    return {
        "automappingRulesFile": "",
        "commands": [],
        "extensionsPath": "extensions",
        # Paths are relative to the project file: the levels and the shared tileset.
        "folders": [".", "../assets"],
        "propertyTypes": types,
    }


def object_types_xml(schema: dict[str, ObjectClass]) -> str:
    """Tiled 1.8's objecttypes.xml: the same classes, choices written as plain strings."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<objecttypes>"]
    for name, spec in sorted(schema.items()):
        if not spec.props:
            lines.append(f" <objecttype name={quoteattr(name)} color={quoteattr(spec.color)}/>")
            continue
        lines.append(f" <objecttype name={quoteattr(name)} color={quoteattr(spec.color)}>")
        for prop_name, prop in sorted(spec.props.items()):
            lines.append(
                f"  <property name={quoteattr(prop_name)} type={quoteattr(prop.type)} "
                f"default={quoteattr(_xml_value(prop))}/>"
            )
        lines.append(" </objecttype>")
    lines.append("</objecttypes>")
    return "\n".join(lines) + "\n"


def outputs(schema: dict[str, ObjectClass]) -> dict[Path, str]:
    """Each generated file and its text."""
    return {
        PROJECT: json.dumps(tiled_project(schema), indent=4) + "\n",
        OBJECT_TYPES: object_types_xml(schema),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the files are stale")
    args = parser.parse_args(argv)
    stale = []
    for path, text in outputs(SCHEMA).items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(LEVELS_DIR.parent)}")
    if args.check and stale:
        for path in stale:
            print(f"{path}: out of date; run python tools/make_tiled_project.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
