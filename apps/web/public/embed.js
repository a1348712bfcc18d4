/*
 * Appforge embed loader (issue 28). Paste on your own site:
 *   <script src="https://<appforge host>/embed.js" data-app="<app id>" data-mode="inline" async></script>
 *     shows the app where the tag is;
 *   data-mode="button" shows a floating button that opens the app in a panel.
 * Without data-app it only sizes the <iframe data-appforge-app="<app id>"> frames of the page.
 *
 * A framed app posts {type: 'appforge:resize', height} when its content changes height; only
 * messages from the Appforge origin this file came from are believed, and only for a frame this
 * page holds, so no other frame or window can resize anything. Hand-written and dependency-free:
 * it runs on other people's pages, where it must stay small and touch nothing else.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src).origin;
  var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  var MIN_HEIGHT = 120;
  var MAX_HEIGHT = 20000;

  function appFrame(appId, title) {
    var frame = document.createElement('iframe');
    frame.src = origin + '/deployed-app/' + encodeURIComponent(appId) + '?embed=1';
    frame.title = title;
    frame.setAttribute('data-appforge-app', appId);
    frame.setAttribute('allow', 'clipboard-write');
    frame.style.width = '100%';
    frame.style.border = '0';
    frame.style.display = 'block';
    frame.height = '600';
    return frame;
  }

  // One listener per page, however many loaders it holds.
  var KEY = '__appforgeEmbed:' + origin;
  if (!window[KEY]) {
    window[KEY] = true;
    window.addEventListener('message', function (event) {
      if (event.origin !== origin) return;
      var data = event.data;
      if (!data || typeof data !== 'object' || data.type !== 'appforge:resize') return;
      var height = data.height;
      if (typeof height !== 'number' || !isFinite(height)) return;
      height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(height)));
      var frames = document.querySelectorAll('iframe[data-appforge-app]');
      for (var i = 0; i < frames.length; i += 1) {
        var frame = frames[i];
        if (frame.contentWindow === event.source) {
          if (frame.getAttribute('data-appforge-panel') === null) frame.style.height = height + 'px';
          return;
        }
      }
    });
  }

  var appId = script.getAttribute('data-app');
  if (appId === null) return;
  if (!UUID.test(appId)) {
    console.error('Appforge embed: data-app must be an app id, got ' + JSON.stringify(appId));
    return;
  }
  var title = script.getAttribute('data-title') || 'Appforge app';

  if (script.getAttribute('data-mode') !== 'button') {
    script.insertAdjacentElement('afterend', appFrame(appId, title));
    return;
  }

  // Button mode: a floating button; the panel with the app is made on the first click.
  var button = document.createElement('button');
  button.type = 'button';
  button.textContent = script.getAttribute('data-label') || 'Open app';
  button.setAttribute('aria-expanded', 'false');
  button.style.cssText =
    'position:fixed;right:20px;bottom:20px;z-index:2147483000;padding:12px 18px;border:0;border-radius:999px;' +
    'background:#4f46e5;color:#fff;font:600 15px/1.2 system-ui,sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.25);cursor:pointer';
  var panel = null;
  button.addEventListener('click', function () {
    if (panel === null) {
      panel = document.createElement('div');
      panel.setAttribute('role', 'dialog');
      panel.setAttribute('aria-label', title);
      panel.style.cssText =
        'position:fixed;right:20px;bottom:80px;z-index:2147483000;width:min(420px,calc(100vw - 40px));' +
        'height:min(640px,calc(100vh - 120px));background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 8px 32px rgba(0,0,0,.3)';
      var frame = appFrame(appId, title);
      // In the panel the frame fills it and scrolls: the panel has a fixed size.
      frame.setAttribute('data-appforge-panel', '');
      frame.style.height = '100%';
      panel.appendChild(frame);
      document.body.appendChild(panel);
    } else {
      panel.hidden = !panel.hidden;
    }
    button.setAttribute('aria-expanded', String(!panel.hidden));
  });
  document.body.appendChild(button);
})();
