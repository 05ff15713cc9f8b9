#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Checks uapi/tpstat.yaml, the family's YNL spec, against what the
uapi header generated from it (tests/ynl/gen_uapi.sh) does not say.

  check_spec.py policy SPEC POLICY_JSON
      against the policies the loaded module reports (nlctrl's getpolicy
      dump, as tools/net/ynl/cli.py --output-json prints it): for each
      command, the attributes its requests may carry, their types and
      their bounds.
  check_spec.py widths SPEC CFILE
      against the tool's table of attribute widths (ctl/attr_order.c,
      which puts a history file's views lines in one byte order): every
      number of the spec has its width there, a nest of u64s its mark,
      and nothing else is in it.

Prints one line per disagreement and exits 1 if there is any.
"""
import json
import re
import sys

import yaml


def fail(errors):
    for e in errors:
        print(f"check_spec: {e}")
    return 1 if errors else 0


def c_name(prefix, name):
    return prefix + name.upper().replace('-', '_')


# nlctrl's policy types (enum netlink_attribute_type) as YNL spells them.
POLICY_TYPES = {
    'u8': 'u8', 'u16': 'u16', 'u32': 'u32', 'u64': 'u64',
    's8': 's8', 's16': 's16', 's32': 's32', 's64': 's64',
    'nul-string': 'string', 'string': 'string', 'binary': 'binary',
    'flag': 'flag', 'nested': 'nest', 'nested-array': 'indexed-array',
}


def policy_dump(dump):
    """policy-id -> {attr-id: its policy}; op-id -> {'do'/'dump': policy-id}."""
    policies, ops = {}, {}
    for msg in dump:
        pol = msg.get('policy')
        if pol:
            policies.setdefault(pol['policy-id'], {})[pol['attr-id']] = pol
        op = msg.get('op-policy')
        if op:
            modes = ops.setdefault(op['op-id'], {})
            for mode in ('do', 'dump'):
                if mode in op:
                    modes[mode] = op[mode]
    return policies, ops


def check_attr(name, attr, pol):
    """The spec's type and checks of one attribute against the module's."""
    errors = []
    ktype = POLICY_TYPES.get(pol.get('type'), pol.get('type'))
    if ktype != attr['type']:
        errors.append(f"{name}: spec type {attr['type']}, module {pol.get('type')}")
    checks = attr.get('checks', {})
    bounds = [('max-len', 'max-length'), ('min-len', 'min-length')]
    sign = 's' if attr['type'].startswith('s') else 'u'
    bounds += [('min', f'min-value-{sign}'), ('max', f'max-value-{sign}')]
    for key, kkey in bounds:
        kval = pol.get(kkey)
        # A u8/u16/u32 without a min or max reports its type's range.
        if kval is not None and key in ('min', 'max') and key not in checks:
            full = {'u8': 255, 'u16': 65535, 'u32': 2**32 - 1,
                    'u64': 2**64 - 1}.get(attr['type'])
            if (key == 'min' and kval == 0) or (key == 'max' and kval == full):
                continue
        if checks.get(key) != kval:
            errors.append(f"{name}: spec {key} {checks.get(key)}, module {kval}")
    return errors


def check_policy(spec, dump):
    """Each command's policy takes exactly the attributes its request
    carries in the spec (an attribute the module rejects outright,
    NLA_REJECT, is not reported), with the spec's types and bounds."""
    errors = []
    policies, kops = policy_dump(dump)
    # Notifications (event:) have no policy: only requests do.
    sops = {op.get('value', i): op
            for i, op in enumerate(spec['operations']['list'], start=1)
            if 'do' in op or 'dump' in op}
    for op in sorted(set(kops) ^ set(sops)):
        side = 'the module' if op in kops else 'the spec'
        name = sops[op]['name'] if op in sops else '?'
        errors.append(f"command {op} ({name}): only {side} has it")
    a_set = spec['attribute-sets'][0]
    by_id = {a.get('value', i): a
             for i, a in enumerate(a_set['attributes'], start=1)}
    by_name = {a['name']: aid for aid, a in by_id.items()}
    for op_id, op in sorted(sops.items()):
        for mode in ('do', 'dump'):
            if mode not in op or op_id not in kops:
                continue
            req = (op[mode].get('request') or {}).get('attributes', [])
            want = {by_name[n] for n in req}
            pid = kops[op_id].get(mode)
            kernel = policies.get(pid, {}) if pid is not None else {}
            for aid in sorted(set(kernel) - want):
                name = by_id[aid]['name'] if aid in by_id else aid
                errors.append(f"{op['name']} {mode}: the module accepts {name}, the spec's request does not carry it")
            for aid in sorted(want - set(kernel)):
                errors.append(f"{op['name']} {mode}: the spec's request carries {by_id[aid]['name']}, the module's policy does not accept it")
            for aid in sorted(want & set(kernel)):
                errors += [f"{op['name']} {mode}: {e}" for e in
                           check_attr(by_id[aid]['name'], by_id[aid], kernel[aid])]
    return errors


WIDTHS = {'u8': '1', 'u16': '2', 'u32': '4', 'u64': '8'}


def check_widths(spec, ctext):
    errors = []
    aset = spec['attribute-sets'][0]
    prefix = aset.get('name-prefix', '').upper().replace('-', '_')
    table = dict(re.findall(r'\[(\w+)\]\s*=\s*(\w+),', ctext))
    want = {}
    for a in aset['attributes']:
        if a['type'] in WIDTHS:
            want[c_name(prefix, a['name'])] = WIDTHS[a['type']]
        elif a['type'] == 'indexed-array' and a.get('sub-type') == 'u64':
            want[c_name(prefix, a['name'])] = 'ATTR_U64_NEST'
    for name, w in want.items():
        if table.get(name) != w:
            errors.append(f"{name}: width {table.get(name)} in the table, {w} in the spec")
    for name in table:
        if name not in want:
            errors.append(f"{name}: in the table, not a number in the spec")
    return errors


def main(argv):
    if len(argv) == 4 and argv[1] == 'policy':
        with open(argv[2]) as f:
            spec = yaml.safe_load(f)
        with open(argv[3]) as f:
            dump = json.load(f)
        return fail(check_policy(spec, dump))
    if len(argv) == 4 and argv[1] == 'widths':
        with open(argv[2]) as f:
            spec = yaml.safe_load(f)
        with open(argv[3]) as f:
            return fail(check_widths(spec, f.read()))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
