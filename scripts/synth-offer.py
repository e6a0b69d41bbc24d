#!/usr/bin/env python3
"""Writes a synthetic AWS Price List offer file (AmazonEC2) of about SIZE gigabytes, for measuring the
importer's memory and time on files the size of AWS's own (BENCHMARKS.md, "Importer on a multi-GB file").

usage: scripts/synth-offer.py OUT.json [SIZE_GB]

It takes the fixture tests/fixtures/prices/offer-us-east-1.json (its catalog SKUs and their terms, so the import
changes real rows) and pads it with filler products of non-catalog types, each with an On-Demand and a
Reserved term, the shape of the real file. Streamed out: the generator itself holds one product at a time.
"""
import json
import sys

out_path = sys.argv[1]
size_gb = float(sys.argv[2]) if len(sys.argv) > 2 else 2.0
fixture = json.load(open("tests/fixtures/prices/offer-us-east-1.json"))

def product(sku, i):
    return {"sku": sku, "productFamily": "Compute Instance", "attributes": {
        "servicecode": "AmazonEC2", "location": "US East (N. Virginia)", "regionCode": "us-east-1",
        "instanceType": f"zz{i % 997}.{i % 13}xlarge", "operatingSystem": ["Linux", "Windows", "RHEL"][i % 3],
        "tenancy": "Shared", "preInstalledSw": "NA", "capacitystatus": "Used",
        "licenseModel": "No License required", "vcpu": str(2 + i % 190), "memory": f"{i % 2048} GiB"}}

def term(sku, code, unit, usd, attrs):
    return {code: {"offerTermCode": code, "sku": sku, "effectiveDate": "2026-11-01T00:00:00Z",
                   "priceDimensions": {f"{sku}.{code}.6YS6EN2CT7": {
                       "rateCode": f"{sku}.{code}.6YS6EN2CT7", "description": "filler", "unit": unit,
                       "pricePerUnit": {"USD": usd}, "appliesTo": []}}, "termAttributes": attrs}}

n = max(1, int(size_gb * 1e9 / 1450))  # ~1,450 bytes per filler SKU: product + 2 terms
with open(out_path, "w") as f:
    head = {k: fixture[k] for k in ("formatVersion", "disclaimer", "offerCode", "version", "publicationDate")}
    f.write(json.dumps(head)[:-1] + ',"products":{')
    for sku, p in fixture["products"].items():
        f.write(json.dumps(sku) + ":" + json.dumps(p) + ",")
    for i in range(n):
        sep = "," if i + 1 < n else ""
        f.write(f'"F{i:09d}":' + json.dumps(product(f"F{i:09d}", i)) + sep + "\n")
    f.write('},"terms":{')
    for kind_i, kind in enumerate(("OnDemand", "Reserved")):
        f.write(json.dumps(kind) + ":{")
        for sku, t in fixture["terms"].get(kind, {}).items():
            f.write(json.dumps(sku) + ":" + json.dumps(t) + ",")
        for i in range(n):
            sku = f"F{i:09d}"
            if kind == "OnDemand":
                t = term(sku, "JRTCKXETXF", "Hrs", f"{(i % 5000) / 100:.4f}", {})
            else:
                t = term(sku, "4NA7Y494T4", "Hrs", f"{(i % 3000) / 100:.4f}",
                         {"LeaseContractLength": "1yr", "OfferingClass": "standard", "PurchaseOption": "No Upfront"})
            f.write(json.dumps(sku) + ":" + json.dumps(t) + ("," if i + 1 < n else "") + "\n")
        f.write("}" + ("," if kind_i == 0 else ""))
    f.write("}}\n")
