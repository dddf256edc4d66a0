#!/usr/bin/env python3
"""Gives every probe of a QPME 2.1 net that measures no colour one colour to measure, with SimQPN's
settings, so that both tools can run it: QPME's example ispass03_probes has probes without colour
references, which SimQPN and IOSim refuse.

usage: give-probes-colours.py IN.qpe OUT.qpe COLOUR CONFIGURATION

Each such probe gets a probe-color-reference of the colour named COLOUR, with batch-means settings
for CONFIGURATION (significance 0.05, batches of 200, at least 30 of them, relative precision 0.05)
and, if it has none for CONFIGURATION, statsLevel 3 (SimQPN measures probes from that level on).
A net in QPME 1.x's or 2.0's older form must first be converted (iosim qpn convert).
"""
import sys
import xml.etree.ElementTree as ET

XSI = "http://www.w3.org/2001/XMLSchema-instance"
TYPE = f"{{{XSI}}}type"


def main():
    source, target, colour_name, configuration = sys.argv[1:5]
    ET.register_namespace("xsi", XSI)
    tree = ET.parse(source)
    colour = next((c for c in tree.getroot().iter("color") if c.get("name") == colour_name), None)
    if colour is None:
        sys.exit(f"give-probes-colours: {source} has no colour named '{colour_name}'")
    changed = 0
    for probe in tree.getroot().iter("probe"):
        references = probe.find("color-refs")
        if references is not None and len(references) > 0:
            continue
        if references is None:
            references = ET.SubElement(probe, "color-refs")
        probe_id = probe.get("id")
        reference = ET.SubElement(references, "color-ref", {
            "color-id": colour.get("id"), "id": f"{probe_id}_colour", TYPE: "probe-color-reference"})
        ET.SubElement(ET.SubElement(reference, "meta-attributes"), "meta-attribute", {
            "configuration-name": configuration, "id": f"{probe_id}_colour_settings", "batchSize": "200",
            "minBatches": "30", "numBMeansCorlTested": "0", "bucketSize": "0", "maxBuckets": "0",
            "signLev": "0.05", "reqAbsPrc": "10.0", "reqRelPrc": "0.05",
            TYPE: "simqpn-batch-means-color-configuration"})
        settings = probe.find("meta-attributes")
        if settings is None:
            settings = ET.SubElement(probe, "meta-attributes")
        if not any(m.get("configuration-name") == configuration for m in settings):
            ET.SubElement(settings, "meta-attribute", {
                "configuration-name": configuration, "id": f"{probe_id}_settings", "statsLevel": "3",
                TYPE: "simqpn-place-configuration"})
        changed += 1
    tree.write(target, encoding="UTF-8", xml_declaration=True)
    print(f"give-probes-colours: {changed} probes of {source} measure '{colour_name}' now: {target}", file=sys.stderr)


if __name__ == "__main__":
    main()
