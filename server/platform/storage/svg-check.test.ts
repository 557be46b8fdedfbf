import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../paths';
import { checkSvgSafety } from './svg-check';

// What Inkscape writes for a small logo: editor namespaces, metadata, a gradient, styles, a text.
const INKSCAPE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg width="120" height="40" viewBox="0 0 120 40" version="1.1" id="svg5"
   inkscape:version="1.2.2 (b0a8486541, 2022-12-01)" sodipodi:docname="logo.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:xlink="http://www.w3.org/1999/xlink"
   xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:cc="http://creativecommons.org/ns#"
   xmlns:dc="http://purl.org/dc/elements/1.1/">
  <sodipodi:namedview id="namedview7" pagecolor="#ffffff" inkscape:zoom="2.5" />
  <defs id="defs2">
    <linearGradient id="g1"><stop style="stop-color:#1565c0;stop-opacity:1" offset="0" /></linearGradient>
    <linearGradient xlink:href="#g1" id="g2" x1="0" y1="0" x2="120" y2="0" gradientUnits="userSpaceOnUse" />
  </defs>
  <metadata><rdf:RDF><cc:Work rdf:about=""><dc:title>Logo &amp; mark</dc:title></cc:Work></rdf:RDF></metadata>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">
    <rect style="fill:url(#g2);stroke:none" width="40" height="40" x="0" y="0" rx="6" />
    <svg:circle cx="20" cy="20" r="8" fill="#fff" />
    <text style="font-weight:bold;font-size:20px;font-family:'Open Sans', sans-serif;-inkscape-font-specification:'Open Sans Bold';fill:url(#g2);fill-opacity:0.9;stroke:rgb(10, 20, 30);stroke-width:0.264583px;paint-order:stroke fill" x="48" y="27" xml:space="preserve" transform="matrix(1,0,0,1,0,0) translate(2 -1.5e-1)"><tspan>Rig&#160;One</tspan></text>
    <image width="4" height="4" xlink:href="data:image/png;base64,iVBORw0KGgo=" />
    <use href="#layer1" filter="url('#f1')" />
  </g>
  <filter id="f1"><feGaussianBlur stdDeviation="1" /></filter>
</svg>
`;

/** Each SVG is refused, for the reason beside it. */
function expectRefused(cases: [svg: string, what: string][]) {
  for (const [text, what] of cases) {
    expect(checkSvgSafety(text), text).toEqual({ ok: false, reason: `SVG images may not contain ${what}` });
  }
}

describe('checkSvgSafety', () => {
  it('accepts what editors write: their namespaces, metadata, styles, gradients, inline images', () => {
    expect(checkSvgSafety(INKSCAPE)).toEqual({ ok: true });
    expect(checkSvgSafety('<svg xmlns="http://www.w3.org/2000/svg"/>')).toEqual({ ok: true });
    for (const name of ['general-le.svg', 'general-de.svg']) {
      const text = readFileSync(fromRoot('server', 'platform', 'storage', 'builtin', name), 'utf8');
      expect(checkSvgSafety(text), name).toEqual({ ok: true });
    }
    expect(
      checkSvgSafety(
        '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg/>',
      ),
    ).toEqual({ ok: true });
  });

  it('refuses elements that run script, animate attributes, or are not SVG drawing', () => {
    expectRefused([
      ['<svg><script>x()</script></svg>', '<script>'],
      ['<svg><x:script xmlns:x="http://www.w3.org/2000/svg">x()</x:script></svg>', '<script>'],
      ['<svg><animate attributeName="href" to="javascript:x()"/></svg>', '<animate>'],
      ['<svg><set attributeName="onclick" to="x()"/></svg>', '<set>'],
      ['<svg><a href="#x"><rect/></a></svg>', '<a>'],
      ['<svg><foreignObject><div/></foreignObject></svg>', '<foreignObject>'],
      [
        '<svg><h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="x"/></svg>',
        'elements of http://www.w3.org/1999/xhtml',
      ],
      ['<svg xmlns:m="urn:mine"><m:thing/></svg>', 'elements of urn:mine'],
    ]);
  });

  it('refuses attributes that run script or fetch anything, however they are spelled', () => {
    expectRefused([
      ['<svg onload="x()"/>', 'event handler attributes'],
      ['<svg><g ONCLICK = "x()"/></svg>', 'event handler attributes'],
      ['<svg><use href="java&#x73;cript:x()"/></svg>', 'javascript: links'],
      ['<svg><use href=" jav&#9;ascript:x()"/></svg>', 'javascript: links'],
      [
        '<svg xmlns:l="http://www.w3.org/1999/xlink"><use l:href="https://evil.example/s.svg#a"/></svg>',
        'links to other documents',
      ],
      ['<svg><image href="https://tracker.example/p.png"/></svg>', 'links to other documents'],
      ['<svg><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>', 'links to other documents'],
      ['<svg><rect fill="url(https://evil.example/p.svg#g)"/></svg>', 'links to other documents'],
      [
        '<svg style="background: url( \'//evil.example/p.png\' )"/>',
        'styles other than plain drawing properties',
      ],
      ['<svg><rect x="javascript:1"/></svg>', 'javascript: links'],
    ]);
  });

  it('refuses style elements, whatever they hold (issue 36: CSS is allowed only as listed declarations)', () => {
    for (const css of [
      '@import "https://evil.example/x.css";',
      '<![CDATA[ rect { fill: url(http://x/) } ]]>',
      'rect { fill: \\75 rl(http://x/) }',
      'rect { fill: image-set("https://evil.example/p.png" 1x) }',
      'svg { background: -webkit-image-set(url(//evil.example/p.png) 1x) }',
      '@im<!---->port "https://evil.example/x.css";',
      '',
    ]) {
      expectRefused([[`<svg><style>${css}</style></svg>`, '<style>']]);
    }
  });

  it('allows a style attribute only as listed properties with plain values (issue 36)', () => {
    expectRefused([
      [
        '<svg style="background:image-set(\'https://evil.example/p.png\' 1x)"/>',
        'styles other than plain drawing properties',
      ],
      [
        '<svg><rect style="fill:image-set(\'//evil.example/p.png\' 1x)"/></svg>',
        'styles other than plain drawing properties',
      ],
      [
        '<svg><rect style="fill:-webkit-image-set(url(//x/p.png) 1x)"/></svg>',
        'styles other than plain drawing properties',
      ],
      [
        '<svg><rect style="fill:url(https://evil.example/p.svg#g)"/></svg>',
        'styles other than plain drawing properties',
      ],
      [
        '<svg><rect style="fill:url(//evil.example/p.svg#g)"/></svg>',
        'styles other than plain drawing properties',
      ],
      ['<svg><rect style="fill:\\75 rl(http://x/)"/></svg>', 'styles other than plain drawing properties'],
      ['<svg><rect style="f\\69ll:red"/></svg>', 'styles other than plain drawing properties'],
      [
        '<svg><rect style="@import \'https://x/y.css\'"/></svg>',
        'styles other than plain drawing properties',
      ],
      [
        '<svg><rect style="cursor:url(https://x/c.png),auto"/></svg>',
        'styles other than plain drawing properties',
      ],
      ['<svg><rect style="mask-image:url(#m)"/></svg>', 'styles other than plain drawing properties'],
      [
        '<svg><rect style="fill:red;background-image:url(#m)"/></svg>',
        'styles other than plain drawing properties',
      ],
      ['<svg><rect style="fill:red/**/;stroke:blue"/></svg>', 'styles other than plain drawing properties'],
      ['<svg><rect style="fill:src(\'x\')"/></svg>', 'styles other than plain drawing properties'],
      ["<svg><text style=\"font-family:'a\\'b'\"/></svg>", 'styles other than plain drawing properties'],
    ]);
  });

  it('refuses presentation attributes with CSS functions other than colours, transforms and #references', () => {
    expectRefused([
      [
        '<svg><rect mask="image-set(\'https://evil.example/p.png\' 1x)"/></svg>',
        'styles other than plain drawing properties',
      ],
      ['<svg><rect fill="\\75 rl(http://x/)"/></svg>', 'styles other than plain drawing properties'],
      [
        '<svg><rect filter="cross-fade(url(#a), url(#b))"/></svg>',
        'styles other than plain drawing properties',
      ],
    ]);
    expect(
      checkSvgSafety('<svg><rect fill="rgba(1,2,3,0.5)" transform="rotate(45) skewX(3)"/></svg>'),
    ).toEqual({
      ok: true,
    });
  });

  it('refuses entity declarations, style sheet instructions and unknown entities', () => {
    expect(checkSvgSafety('<?xml version="1.0"?><!DOCTYPE s [<!ENTITY x "y">]><svg>&x;</svg>')).toEqual({
      ok: false,
      reason: 'SVG images may not contain entity declarations',
    });
    expect(
      checkSvgSafety('<?xml-stylesheet type="text/xsl" href="https://evil.example/x.xsl"?><svg/>'),
    ).toEqual({
      ok: false,
      reason: 'SVG images may not contain style sheet instructions',
    });
    expect(checkSvgSafety('<svg><text>&nbsp;</text></svg>')).toEqual({
      ok: false,
      reason: 'SVG images may not contain entity references',
    });
  });

  it('refuses what is not well-formed, so that nothing hides behind a reading a browser would not share', () => {
    const cases = [
      '<svg><g></svg>',
      '<svg><g>',
      '<svg/><svg/>',
      '<svg/>text after',
      '<svg><rect width="1" <script>x()</script>/></svg>',
      '<svg><rect x="a<b"/></svg>',
      '<svg><!-- unclosed',
      '<svg><rect x="&amp"/></svg>',
      '<g/>',
      '<svg><u:rect/></svg>',
    ];
    for (const text of cases) {
      expect(checkSvgSafety(text), text).toEqual({
        ok: false,
        reason: 'The SVG image is not well-formed XML',
      });
    }
  });
});
