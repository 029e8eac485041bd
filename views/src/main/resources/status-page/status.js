// The status page: refreshes from GET /status/dashboard every 3 s and draws its charts as inline SVG.
// No library, no build step. Says so, in a role=alert banner, when the data is stale or storage is down.
// With authentication on, the data needs a bearer token granting views.read: on 401 or 403 the page
// asks for one in a sign-in form, keeps it in sessionStorage (this tab only) and sends it as
// Authorization on every request. The token never goes into the URL, the console or the page.
(function () {
  'use strict';

  var REFRESH_MS = 3000;
  var STALE_MS = 10000;
  var REQUEST_TIMEOUT_MS = 9000;
  var SVG = 'http://www.w3.org/2000/svg';
  var CHARTS = [
    { id: 'throughput', title: 'Throughput', unit: '/s', series: [
      { key: 'commandsPerSecond', label: 'commands/s' }, { key: 'eventsAppliedPerSecond', label: 'events applied/s' }] },
    { id: 'view-freshness', title: 'View freshness', unit: ' ms', series: [
      { key: 'viewFreshnessP50Ms', label: 'p50' }, { key: 'viewFreshnessP99Ms', label: 'p99' }] },
    { id: 'queue-depths', title: 'Queue depths', unit: '', series: [
      { key: 'queued', label: 'queued' }, { key: 'parked', label: 'parked' }] },
    { id: 'index-freshness', title: 'Index freshness', unit: ' ms', series: [
      { key: 'indexFreshnessP50Ms', label: 'p50' }, { key: 'indexFreshnessP99Ms', label: 'p99' }] }
  ];

  // Counts and measures in the browser's locale, grouped: 1234567 reads 1,234,567 in en.
  var WHOLE = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
  var TENTHS = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

  var TOKEN_KEY = 'tablecast.bearerToken';
  var PERMISSION = 'views.read';

  var lastOk = null;
  var problem = null;
  var inFlight = false;
  var signedOut = false;
  var memoryToken = null; // where sessionStorage is blocked

  function $(id) { return document.getElementById(id); }

  function el(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    if (className) { node.className = className; }
    return node;
  }

  function time(iso) {
    if (!iso) { return 'never'; }
    var d = new Date(iso);
    return d.getTime() <= 0 ? 'never' : d.toLocaleTimeString();
  }

  function number(n, format) {
    return n === null || n === undefined ? 'no data' : (format || WHOLE).format(n);
  }

  // A table with explicit ARIA roles (one that CSS may lay out other than as a table) gets them on
  // its new rows and cells too, and each cell its column's name in data-label (the header's abbr
  // where it has one), which the narrow layout shows before the value.
  function fillTable(table, rows) {
    var body = table.tBodies[0];
    var fresh = document.createElement('tbody');
    var roles = table.getAttribute('role') === 'table';
    var labels = roles ? Array.prototype.map.call(table.tHead.rows[0].cells, function (th) { return th.abbr || th.textContent; }) : [];
    if (roles) { fresh.setAttribute('role', 'rowgroup'); }
    rows.forEach(function (cells) {
      var tr = document.createElement('tr');
      if (roles) { tr.setAttribute('role', 'row'); }
      cells.forEach(function (cell, i) {
        if (roles) {
          cell.setAttribute('role', cell.tagName === 'TH' ? 'rowheader' : 'cell');
          cell.setAttribute('data-label', labels[i]);
        }
        tr.appendChild(cell);
      });
      fresh.appendChild(tr);
    });
    table.replaceChild(fresh, body);
  }

  function renderGenerations(d) {
    $('active-generation').textContent = d.generation.active;
    $('pending-generation').textContent = d.generation.pending === null ? 'none' : d.generation.pending;
    $('events-applied').textContent = number(d.eventsApplied);
    $('dead-letters').textContent = number(d.deadLetters);
    var projector = $('projector-state');
    projector.textContent = d.stalled ? 'stalled' : 'running';
    projector.className = d.stalled ? 'state-stalled' : 'state-running';
    var rebuild = $('rebuild');
    rebuild.hidden = d.rebuild === null;
    if (d.rebuild !== null) {
      $('rebuild-heading').textContent = 'Rebuild of generation ' + d.rebuild.generation;
      $('rebuild-progress').value = d.rebuild.percent;
      $('rebuild-summary').textContent = d.rebuild.percent + ' % (' + number(d.rebuild.applied) + ' of ' + number(d.rebuild.end) + ' records)';
      fillTable($('rebuild-table'), d.rebuild.partitions.map(function (p) {
        return [el('td', p.topic, 'lead'), el('td', p.partition, 'number'), el('td', number(p.applied), 'number'), el('td', number(p.end), 'number')];
      }));
    }
  }

  function renderPartitions(d) {
    var rows = d.partitions.map(function (p) {
      var state = el('td', p.condition + (p.reason ? ': ' + p.reason : ''), 'aside state-' + p.condition + (p.reason ? ' own-line' : ''));
      return [el('td', p.topic, 'lead'), el('td', p.partition, 'number'), el('td', number(p.lag), 'number'), el('td', time(p.lastProgressAt)), state];
    });
    if (rows.length === 0) {
      var none = el('td', 'No checkpoint yet: the projector has not written one.');
      none.colSpan = 5;
      rows = [[none]];
    }
    fillTable($('partitions'), rows);
  }

  function renderQueues(d) {
    fillTable($('queues'), d.queues.map(function (q) {
      var oldest = el('td', null, 'oldest-parked' + (q.oldestParked ? ' own-line' : ''));
      if (q.oldestParked) {
        oldest.appendChild(el('span', 'Reason: ' + q.oldestParked.reason, 'parked-reason'));
        oldest.appendChild(document.createElement('br'));
        oldest.appendChild(el('span', 'Requeue with '));
        oldest.appendChild(el('code', q.oldestParked.requeueCommand, 'requeue-command'));
      } else {
        oldest.textContent = q.poisonDepth > 0 ? 'in a pending generation' : 'none';
      }
      var name = el('th', q.name, 'lead');
      name.scope = 'row';
      return [name, el('td', number(q.depth), 'number'), el('td', number(q.poisonDepth), 'number'), oldest];
    }));
  }

  /** One row per other view set: its partitions counted by state ("2 running, 1 paused"), its queues summed. */
  function renderViewSets(d) {
    $('view-sets').hidden = d.viewSets.length === 0;
    fillTable($('view-sets-table'), d.viewSets.map(function (v) {
      var counts = {};
      var lag = 0;
      v.projector.partitions.forEach(function (p) {
        counts[p.state] = (counts[p.state] || 0) + 1;
        lag += p.lag;
      });
      var states = Object.keys(counts).map(function (s) { return counts[s] + ' ' + s; });
      var name = el('th', v.name, 'lead');
      name.scope = 'row';
      var generation = v.generation.active + (v.generation.pending === null ? '' : ' (' + v.generation.pending + ' pending)');
      var projector = v.projector.stalled ? 'stalled' : (states.length === 0 ? 'no checkpoint yet' : states.join(', '));
      var queued = v.queues.reduce(function (n, q) { return n + q.depth; }, 0);
      var parked = v.queues.reduce(function (n, q) { return n + q.poisonDepth; }, 0);
      return [name, el('td', generation, 'number'), el('td', number(lag), 'number'),
        el('td', projector, 'aside state-' + (v.projector.stalled ? 'stalled' : 'running')),
        el('td', number(queued), 'number'), el('td', number(parked), 'number')];
    }));
  }

  function svg(tag, attrs) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    return node;
  }

  function buildCharts() {
    var holder = $('charts');
    CHARTS.forEach(function (c) {
      var figure = el('figure');
      figure.id = 'chart-' + c.id;
      var caption = el('figcaption', c.title);
      caption.id = 'chart-' + c.id + '-title';
      var chart = svg('svg', { 'class': 'chart', viewBox: '0 0 320 140', role: 'img',
        'aria-labelledby': caption.id + ' chart-' + c.id + '-summary' });
      var legend = el('ul', null, 'legend');
      c.series.forEach(function (s, i) {
        var item = el('li');
        item.appendChild(el('span', null, 'swatch swatch-' + i));
        item.appendChild(document.createTextNode(s.label));
        legend.appendChild(item);
      });
      var summary = el('p', 'no data', 'chart-summary');
      summary.id = 'chart-' + c.id + '-summary';
      figure.appendChild(caption);
      figure.appendChild(chart);
      figure.appendChild(legend);
      figure.appendChild(summary);
      holder.appendChild(figure);
    });
  }

  function drawChart(c, d) {
    var chart = document.querySelector('#chart-' + c.id + ' svg');
    while (chart.firstChild) { chart.removeChild(chart.firstChild); }
    var left = 40, right = 312, top = 8, bottom = 118;
    var windowMs = d.samplePeriodSeconds * 1000 * 180;
    var end = new Date(d.readAt).getTime();
    var max = 0;
    var present = false;
    c.series.forEach(function (s) {
      d.samples.forEach(function (p) {
        if (p[s.key] !== null && p[s.key] !== undefined) { present = true; max = Math.max(max, p[s.key]); }
      });
    });
    max = max > 0 ? max : 1;
    chart.appendChild(svg('line', { 'class': 'axis', x1: left, y1: bottom, x2: right, y2: bottom }));
    chart.appendChild(svg('line', { 'class': 'axis', x1: left, y1: top, x2: left, y2: bottom }));
    var maxLabel = svg('text', { 'class': 'label', x: left - 4, y: top + 10, 'text-anchor': 'end' });
    maxLabel.textContent = number(max, max >= 100 ? WHOLE : TENTHS);
    chart.appendChild(maxLabel);
    var zero = svg('text', { 'class': 'label', x: left - 4, y: bottom, 'text-anchor': 'end' });
    zero.textContent = '0';
    chart.appendChild(zero);
    var from = svg('text', { 'class': 'label', x: left, y: bottom + 16 });
    from.textContent = '−15 min';
    chart.appendChild(from);
    var to = svg('text', { 'class': 'label', x: right, y: bottom + 16, 'text-anchor': 'end' });
    to.textContent = 'now';
    chart.appendChild(to);
    if (!present) {
      var none = svg('text', { 'class': 'no-data', x: (left + right) / 2, y: (top + bottom) / 2, 'text-anchor': 'middle' });
      none.textContent = 'no data';
      chart.appendChild(none);
    }
    var parts = [];
    c.series.forEach(function (s, i) {
      var points = [];
      var latest = null;
      d.samples.forEach(function (p) {
        var v = p[s.key];
        if (v === null || v === undefined) { return; }
        var x = left + (right - left) * (1 - (end - new Date(p.at).getTime()) / windowMs);
        if (x < left) { return; }
        points.push(x.toFixed(1) + ',' + (bottom - (bottom - top) * v / max).toFixed(1));
        latest = v;
      });
      if (points.length > 0) {
        chart.appendChild(svg('polyline', { 'class': 'series-' + i, points: points.join(' ') }));
      }
      if (points.length === 1) { // a line of one point draws nothing: mark it
        var xy = points[0].split(',');
        chart.appendChild(svg('circle', { 'class': 'point series-' + i, cx: xy[0], cy: xy[1], r: 3 }));
      }
      parts.push(s.label + ' ' + (latest === null ? 'no data' : number(latest, TENTHS) + c.unit));
    });
    $('chart-' + c.id + '-summary').textContent = 'Latest: ' + parts.join(', ') + '.';
  }

  function render(d) {
    renderGenerations(d);
    renderPartitions(d);
    renderQueues(d);
    renderViewSets(d);
    CHARTS.forEach(function (c) { drawChart(c, d); });
  }

  function storedToken() {
    try { return window.sessionStorage.getItem(TOKEN_KEY); } catch (e) { return null; }
  }

  function storeToken(token) {
    try {
      if (token === null) { window.sessionStorage.removeItem(TOKEN_KEY); } else { window.sessionStorage.setItem(TOKEN_KEY, token); }
    } catch (e) { /* storage blocked: the token lives as long as this page */ }
    memoryToken = token;
  }

  function token() { return storedToken() || memoryToken; }

  // The data is hidden and polling stops until a token is given; the notice says why.
  function askForToken(notice) {
    signedOut = true;
    problem = null;
    lastOk = null;
    $('main').hidden = true;
    $('sign-out').hidden = token() === null;
    $('sign-in-notice').textContent = notice;
    var panel = $('sign-in');
    var wasHidden = panel.hidden;
    panel.hidden = false;
    if (wasHidden) { $('token').focus(); }
  }

  function signedIn() {
    signedOut = false;
    $('sign-in').hidden = true;
    $('sign-in-notice').textContent = '';
    $('main').hidden = false;
    $('sign-out').hidden = token() === null;
  }

  function onRefused(status) {
    if (status === 403) {
      askForToken('This token does not grant ' + PERMISSION + ': sign in with a token that does.');
    } else if (token() !== null) {
      storeToken(null);
      askForToken('The token was refused (expired, or not for this service): sign in again.');
    } else {
      askForToken('This status page needs a bearer token that grants ' + PERMISSION + '.');
    }
  }

  function bindSignIn() {
    $('sign-in-form').addEventListener('submit', function (event) {
      event.preventDefault();
      var input = $('token');
      var value = input.value.trim().replace(/^Bearer\s+/i, '');
      input.value = '';
      if (value === '') {
        $('sign-in-notice').textContent = 'Paste a token first.';
        input.focus();
        return;
      }
      storeToken(value);
      signedIn();
      $('updated').textContent = 'Loading…';
      refresh();
    });
    $('sign-out').addEventListener('click', function () {
      storeToken(null);
      askForToken('Signed out. Sign in with a token to see the status again.');
    });
  }

  function showAlert() {
    var banner = $('alert');
    var message = null;
    var age = lastOk === null ? null : Math.round((Date.now() - lastOk) / 1000);
    if (problem !== null) {
      message = problem;
    }
    if (lastOk === null ? problem !== null : Date.now() - lastOk > STALE_MS) {
      message = 'Stale data: the last successful refresh was ' + (age === null ? 'never' : age + ' s ago') + '.'
        + (problem !== null ? ' ' + problem : '');
    }
    if (signedOut) { message = null; }
    banner.hidden = message === null;
    if (message !== null && banner.textContent !== message) { banner.textContent = message; }
    $('updated').textContent = signedOut ? (token() === null ? 'Not signed in.' : 'Signed in, without access to the status.') : lastOk === null ? 'Loading…' : 'Updated at ' + new Date(lastOk).toLocaleTimeString();
  }

  function refresh() {
    if (inFlight || signedOut) { return; }
    inFlight = true;
    var controller = new AbortController();
    var timer = setTimeout(function () { controller.abort(); }, REQUEST_TIMEOUT_MS);
    var headers = { Accept: 'application/json' };
    var sent = token();
    if (sent !== null) { headers.Authorization = 'Bearer ' + sent; }
    fetch('/status/dashboard', { cache: 'no-store', credentials: 'omit', signal: controller.signal, headers: headers })
      .then(function (response) {
        if (response.ok) {
          return response.json().then(function (d) {
            if (sent !== token()) { return; } // signed out, or in with another token, meanwhile
            signedIn();
            render(d);
            lastOk = Date.now();
            problem = null;
          });
        }
        if (response.status === 401 || response.status === 403) {
          if (sent === token()) { onRefused(response.status); }
          return undefined;
        }
        return response.json().catch(function () { return {}; }).then(function (p) {
          problem = response.status === 503
            ? 'Storage is not answering: the views service cannot read the pipeline\'s state (' + (p.detail || 'HTTP 503') + ').'
            : 'The status endpoint answered ' + response.status + (p.detail ? ': ' + p.detail : '') + '.';
        });
      })
      .catch(function () { problem = 'The views service does not answer.'; })
      .then(function () { clearTimeout(timer); inFlight = false; showAlert(); });
  }

  document.addEventListener('DOMContentLoaded', function () {
    buildCharts();
    bindSignIn();
    $('sign-out').hidden = token() === null;
    refresh();
    setInterval(refresh, REFRESH_MS);
    setInterval(showAlert, 1000);
  });
}());
