#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Checks uapi/tpstat.yaml, the family's YNL spec.

  check_spec.py header SPEC HEADER [SCHEMA]
      against uapi/linux/tpstat.h: every attribute, command, enum entry,
      flag and constant with the same name has the same value, and none
      is missing on either side; and against the kernel's genetlink
      schema (Documentation/netlink/genetlink.yaml), if given.
  check_spec.py policy SPEC POLICY_JSON
      against the policy the loaded module reports (nlctrl's getpolicy
      dump, as tools/net/ynl/cli.py --output-json prints it): the
      attributes requests may carry, their types and their bounds.

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


def header_enums(text):
    """Every enum's entries and values, and every #define, by C name."""
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    values = {}
    for body in re.findall(r'enum\s+\w+\s*\{(.*?)\}', text, flags=re.S):
        nxt = 0
        for item in body.split(','):
            item = item.strip()
            if not item:
                continue
            name, _, val = item.partition('=')
            name = name.strip()
            if val.strip():
                nxt = int(val.strip(), 0)
            values[name] = nxt
            nxt += 1
    for name, val in re.findall(r'#define\s+(\w+)\s+\(?(\d+)U?', text):
        values[name] = int(val)
    for name, bit in re.findall(r'#define\s+(\w+)\s+\(1U << (\d+)\)', text):
        values[name] = 1 << int(bit)
    return values


def check_header(spec, header_text):
    errors = []
    cvals = header_enums(header_text)
    want = {}
    for a_set in spec['attribute-sets']:
        prefix = a_set['name-prefix'].upper().replace('-', '_')
        for i, attr in enumerate(a_set['attributes'], start=1):
            want[c_name(prefix, attr['name'])] = attr.get('value', i)
    for i, op in enumerate(spec['operations']['list'], start=1):
        want[c_name('TPSTAT_CMD_', op['name'])] = op.get('value', i)
    prefixes = {'event-state': 'TPSTAT_STATE_', 'view': 'TPSTAT_VIEW_',
                'features': 'TPSTAT_F_', 'alert-kind': 'TPSTAT_ALERT_',
                'direction': 'TPSTAT_DIRECTION_',
                'auth-kind': 'TPSTAT_AUTH_'}
    for d in spec['definitions']:
        if d['type'] == 'const':
            want[c_name('TPSTAT_', d['name'])] = d['value']
            continue
        for i, e in enumerate(d['entries']):
            name = e if isinstance(e, str) else e['name']
            want[c_name(prefixes[d['name']], name)] = \
                1 << i if d['type'] == 'flags' else i
    for name, val in sorted(want.items()):
        if name not in cvals:
            errors.append(f"{name}: in the spec, not in the header")
        elif cvals[name] != val:
            errors.append(f"{name}: spec {val}, header {cvals[name]}")
    skip = re.compile(r'^(__|_UAPI)|_(UNSPEC|MAX)$|^TPSTAT_(GENL_|A_UNSPEC)')
    for name in sorted(cvals):
        if name.startswith('TPSTAT_') and not skip.search(name) \
                and name not in want:
            errors.append(f"{name}: in the header, not in the spec")
    return errors


# nlctrl's policy types (enum netlink_attribute_type) as YNL spells them.
POLICY_TYPES = {
    'u8': 'u8', 'u16': 'u16', 'u32': 'u32', 'u64': 'u64',
    's8': 's8', 's16': 's16', 's32': 's32', 's64': 's64',
    'nul-string': 'string', 'string': 'string', 'binary': 'binary',
    'flag': 'flag', 'nested': 'nest', 'nested-array': 'indexed-array',
}


def policy_attrs(dump):
    """attr-id -> its policy, from the family's (only) policy; op ids."""
    attrs, ops = {}, set()
    for msg in dump:
        pol = msg.get('policy')
        if pol:
            attrs.setdefault(pol['policy-id'], {})[pol['attr-id']] = pol
        if msg.get('op-policy'):
            ops.add(msg['op-policy']['op-id'])
    if len(attrs) != 1:
        raise SystemExit(f"check_spec: expected one policy, got {len(attrs)}")
    return next(iter(attrs.values())), ops


def check_policy(spec, dump):
    errors = []
    kernel, kops = policy_attrs(dump)
    # Notifications (event:) have no policy: only requests do.
    sops = {op.get('value', i): op['name']
            for i, op in enumerate(spec['operations']['list'], start=1)
            if 'do' in op or 'dump' in op}
    for op in sorted(kops ^ set(sops)):
        side = 'the module' if op in kops else 'the spec'
        errors.append(f"command {op} ({sops.get(op, '?')}): only {side} has it")
    a_set = spec['attribute-sets'][0]
    by_id = {a.get('value', i): a
             for i, a in enumerate(a_set['attributes'], start=1)}
    requested = set()
    for op in spec['operations']['list']:
        for mode in ('do', 'dump'):
            req = (op.get(mode) or {}).get('request') or {}
            requested.update(req.get('attributes', []))
    for aid, pol in sorted(kernel.items()):
        attr = by_id.get(aid)
        if attr is None:
            errors.append(f"attribute {aid}: in the module's policy, not in the spec")
            continue
        name = attr['name']
        if name not in requested:
            errors.append(f"{name}: the module accepts it, no request in the spec carries it")
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
    for aid, attr in by_id.items():
        if attr['name'] in requested and aid not in kernel:
            errors.append(f"{attr['name']}: a request in the spec carries it, the module's policy does not accept it")
    return errors


def main(argv):
    if len(argv) >= 4 and argv[1] == 'header':
        with open(argv[2]) as f:
            spec = yaml.safe_load(f)
        with open(argv[3]) as f:
            errors = check_header(spec, f.read())
        if len(argv) > 4:
            import jsonschema
            with open(argv[4]) as f:
                schema = yaml.safe_load(f)
            try:
                jsonschema.validate(spec, schema)
            except jsonschema.ValidationError as e:
                errors.append(f"the schema refuses the spec: {e.message}")
        return fail(errors)
    if len(argv) == 4 and argv[1] == 'policy':
        with open(argv[2]) as f:
            spec = yaml.safe_load(f)
        with open(argv[3]) as f:
            dump = json.load(f)
        return fail(check_policy(spec, dump))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
