// Measures a rendered report for scripts/report-check.sh: injected into a copy of the page
// (never into the page tabcheck writes), it runs after layout and writes what it found as
// JSON into <pre id="report-audit">, which `chromium --dump-dom` prints. It judges nothing
// the page says about itself: it reads the geometry the browser computed.
(function () {
  var out = {width: window.innerWidth, problems: [], smallest: null, fields: [], sentence: '', tableTop: null, tableRowBottom: null, failureBottom: null};
  function rect(e) { return e.getBoundingClientRect(); }
  function describe(e) {
    var t = (e.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 50);
    return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.getAttribute('class') ? '.' + e.getAttribute('class').split(' ').join('.') : '') + (t ? ' "' + t + '"' : '');
  }
  function visible(e) {
    var r = rect(e);
    if (r.width === 0 && r.height === 0) return false;
    for (var p = e; p && p.nodeType === 1; p = p.parentNode) {
      var s = getComputedStyle(p);
      if (s.display === 'none' || s.visibility === 'hidden') return false;
      if (p.tagName.toLowerCase() === 'details' && !p.open && p !== e && !(e.closest('summary') && e.closest('details') === p)) return false;
    }
    return true;
  }
  // Inside something that scrolls or clips on purpose (a <pre>, a clipped grid): not "outside the page".
  function clippedBy(e) {
    for (var p = e.parentNode; p && p.nodeType === 1; p = p.parentNode) {
      var s = getComputedStyle(p);
      if (s.overflowX === 'auto' || s.overflowX === 'scroll' || s.overflowX === 'hidden' || p.getAttribute('overflow') === 'hidden') return p;
    }
    return null;
  }
  function outside(r, c) { return r.right < c.left + 1 || r.left > c.right - 1 || r.bottom < c.top + 1 || r.top > c.bottom - 1; }
  var pageWidth = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > pageWidth + 1) out.problems.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' px wide in a ' + pageWidth + ' px window');
  var all = document.body.querySelectorAll('*');
  for (var i = 0; i < all.length; i++) {
    var e = all[i], tag = e.tagName.toLowerCase();
    if (tag === 'script' || tag === 'style' || tag === 'title' || e.id === 'report-audit' || !visible(e)) continue;
    var r = rect(e), clip = clippedBy(e);
    if (clip && outside(r, rect(clip))) continue;
    if (!clip && (r.right > pageWidth + 1 || r.left < -1)) out.problems.push('outside the page (' + Math.round(r.left) + '…' + Math.round(r.right) + ' px of ' + pageWidth + '): ' + describe(e));
    // Text size as drawn: CSS size times the SVG's scale.
    var own = false;
    for (var k = 0; k < e.childNodes.length; k++) if (e.childNodes[k].nodeType === 3 && e.childNodes[k].textContent.trim()) own = true;
    if (own) {
      var size = parseFloat(getComputedStyle(e).fontSize);
      if (e instanceof SVGElement && e.getScreenCTM) { var m = e.getScreenCTM(); if (m) size *= Math.sqrt(m.a * m.a + m.b * m.b); }
      if (out.smallest === null || size < out.smallest.size) out.smallest = {size: Math.round(size * 10) / 10, what: describe(e)};
    }
  }
  // Overlaps: the texts of each drawing, and the blocks side by side in the page's rows.
  function overlaps(list, what) {
    for (var a = 0; a < list.length; a++) for (var b = a + 1; b < list.length; b++) {
      var x = rect(list[a]), y = rect(list[b]);
      var w = Math.min(x.right, y.right) - Math.max(x.left, y.left), h = Math.min(x.bottom, y.bottom) - Math.max(x.top, y.top);
      if (w > 2 && h > 2) out.problems.push(what + ' overlap: ' + describe(list[a]) + ' and ' + describe(list[b]));
    }
  }
  var drawings = document.querySelectorAll('body svg');
  for (var d = 0; d < drawings.length; d++) {
    if (drawings[d].parentNode.closest && drawings[d].parentNode.closest('svg')) continue;   // nested: counted with its root
    var texts = [].filter.call(drawings[d].querySelectorAll('text'), function (t) {
      if (!visible(t) || !t.textContent.trim()) return false;
      var c = clippedBy(t); if (c && outside(rect(t), rect(c))) return false;
      var cell = t.closest('g.cell'); return !(cell && cell.getAttribute('transform'));   // a swiped cell lies over others (G3)
    });
    overlaps(texts, 'texts');
  }
  var rows = document.querySelectorAll('.card, .pair, .strip, .facts, section, body');
  for (var q = 0; q < rows.length; q++) overlaps([].filter.call(rows[q].children, function (c) { return visible(c) && c.tagName.toLowerCase() !== 'script'; }), 'blocks');
  var sentence = document.getElementById('sentence');
  out.sentence = sentence ? sentence.textContent : '';
  var table = document.querySelector('#failure table.diff');
  if (table) {
    out.tableTop = Math.round(rect(table).top + window.scrollY);
    var first = table.querySelector('tr[data-field]');
    if (first) out.tableRowBottom = Math.round(rect(first).bottom + window.scrollY);
  }
  var pair = document.querySelector('#failure .pair');
  if (pair) out.failureBottom = Math.round(rect(pair).bottom + window.scrollY);
  var rowsWithFields = document.querySelectorAll('#failure table.diff tr[data-field]');
  for (var f = 0; f < rowsWithFields.length; f++) {
    var field = rowsWithFields[f].getAttribute('data-field');
    var marks = [].filter.call(document.querySelectorAll('#failure .pair [data-mark]'), function (m) { return m.getAttribute('data-mark').split(' ').indexOf(field) >= 0 && visible(m); });
    out.fields.push({field: field, marks: marks.length});
  }
  // In a phone-sized frame (headless Chromium's window is never narrower than 500 px), the
  // result goes to the page around it, which is the one `--dump-dom` prints.
  var host = window.parent !== window ? window.parent.document : document;
  var pre = host.createElement('pre');
  pre.id = 'report-audit';
  pre.textContent = JSON.stringify(out);
  host.body.appendChild(pre);
})();
