// A stand-in for https://telegram.org/js/telegram-web-app.js in the browser tests: only what the page may rely on
// (initData, initDataUnsafe, ready(), expand(), themeParams), read from the URL fragment as Telegram hands it over.
(function () {
  var fragment = new URLSearchParams(location.hash.slice(1));
  var initData = fragment.get("tgWebAppData") || "";
  var fields = new URLSearchParams(initData);
  var unsafe = {};
  fields.forEach(function (value, key) {
    if (key === "user") unsafe.user = JSON.parse(value);
    else if (key === "auth_date") unsafe.auth_date = Number(value);
    else if (key !== "hash") unsafe[key] = value;
  });
  var theme = fragment.get("tgWebAppThemeParams");
  window.Telegram = {
    WebApp: {
      initData: initData,
      initDataUnsafe: unsafe,
      themeParams: theme ? JSON.parse(theme) : {},
      ready: function () { window.__telegramReady = true; },
      expand: function () { window.__telegramExpanded = true; },
    },
  };
})();
