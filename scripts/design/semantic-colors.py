#!/usr/bin/env python3
"""
One-off codemod (kept for the record, docs/design.md#colour): the utility classes that meant
"a light surface" or "text on a light surface" become the design's semantic tokens, which have a
night value. Fills meant to stay violet (buttons, the dark hero gradients) and colours used on those
dark surfaces are left alone.
"""
import re
import sys
from pathlib import Path

PREFIX = r'(?P<pre>(?:[a-z0-9\[\]&_:-]+:)*)'
RULES = [
    # surfaces
    (r'bg-white(?P<alpha>/\d+)?(?![\w/-])', lambda m: f"{m['pre']}bg-card{m['alpha'] or ''}"),
    (r'(?P<kind>from|via|to)-white(?![\w/-])', lambda m: f"{m['pre']}{m['kind']}-card"),
    (r'bg-brand-50(?P<alpha>/\d+)?(?![\w/-])', lambda m: f"{m['pre']}bg-tint{m['alpha'] or ''}"),
    (r'(?P<kind>from|via|to)-brand-50(?P<alpha>/\d+)?(?![\w/-])', lambda m: f"{m['pre']}{m['kind']}-tint{m['alpha'] or ''}"),
    (r'bg-brand-100(?P<alpha>/\d+)?(?![\w/-])', lambda m: f"{m['pre']}bg-tint-strong{m['alpha'] or ''}"),
    (r'from-brand-100(?![\w/-])', lambda m: f"{m['pre']}from-tint-strong"),
    (r'bg-brand-200(?![\w/-])', lambda m: f"{m['pre']}bg-tint-stronger"),
    (r'bg-slate-(?:50|100)(?![\w/-])', lambda m: f"{m['pre']}bg-muted"),
    (r'bg-slate-(?:200|300)(?![\w/-])', lambda m: f"{m['pre']}bg-muted-strong"),
    # text on light surfaces
    (r'text-brand-(?:600|700)(?![\w/-])', lambda m: f"{m['pre']}text-accent"),
    (r'text-brand-(?:800|900|950)(?![\w/-])', lambda m: f"{m['pre']}text-accent-strong"),
    (r'text-slate-(?:500|600|700)(?![\w/-])', lambda m: f"{m['pre']}text-ink-muted"),
    (r'decoration-brand-(?:300|600)(?![\w/-])', lambda m: f"{m['pre']}decoration-accent"),
    # borders of light surfaces
    (r'border-brand-(?:100|200|300)(?![\w/-])', lambda m: f"{m['pre']}border-line-strong"),
    (r'ring-brand-(?:100|300)(?![\w/-])', lambda m: f"{m['pre']}ring-line-strong"),
    # states
    (r'bg-red-(?:50|100)(?P<alpha>/\d+)?(?![\w/-])', lambda m: f"{m['pre']}bg-danger-soft{m['alpha'] or ''}"),
    (r'bg-rose-50(?![\w/-])', lambda m: f"{m['pre']}bg-danger-soft"),
    (r'text-(?:red|rose)-(?:600|700|800|900|950)(?P<alpha>/\d+)?(?![\w/-])', lambda m: f"{m['pre']}text-danger{m['alpha'] or ''}"),
    (r'border-red-(?:200|300|400)(?![\w/-])', lambda m: f"{m['pre']}border-danger-line"),
    (r'decoration-red-300(?![\w/-])', lambda m: f"{m['pre']}decoration-danger"),
    (r'bg-emerald-(?:50|100)(?P<alpha>/\d+)?(?![\w/-])', lambda m: f"{m['pre']}bg-success-soft{m['alpha'] or ''}"),
    (r'text-emerald-(?:600|700|800|900)(?![\w/-])', lambda m: f"{m['pre']}text-success"),
    (r'border-emerald-(?:200|400)(?![\w/-])', lambda m: f"{m['pre']}border-success-line"),
    (r'ring-emerald-100(?![\w/-])', lambda m: f"{m['pre']}ring-success-line"),
    (r'bg-gold-(?:50|100)(?P<alpha>/\d+)?(?![\w/-])', lambda m: f"{m['pre']}bg-warm-soft{m['alpha'] or ''}"),
    (r'to-gold-50(?![\w/-])', lambda m: f"{m['pre']}to-warm-soft"),
    (r'text-(?:gold|amber)-(?:600|700|800|900)(?P<alpha>/\d+)?(?![\w/-])', lambda m: f"{m['pre']}text-warm{m['alpha'] or ''}"),
    (r'border-gold-(?:200|300)(?![\w/-])', lambda m: f"{m['pre']}border-warm-line"),
    (r'ring-gold-200(?![\w/-])', lambda m: f"{m['pre']}ring-warm-line"),
]

def rewrite(text: str) -> str:
    for pattern, replace in RULES:
        text = re.sub(r'(?<![\w-])' + PREFIX + pattern, replace, text)
    return text

changed = 0
for root in sys.argv[1:]:
    for path in Path(root).rglob('*'):
        if path.suffix not in {'.tsx', '.ts'} or '.test.' in path.name:
            continue
        before = path.read_text()
        after = rewrite(before)
        if after != before:
            path.write_text(after)
            changed += 1
print(f'{changed} files rewritten')
