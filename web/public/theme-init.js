// Applies the saved theme before first paint so a dark-mode user never sees a light flash.
// Loaded by index.html as a file, since the Content-Security-Policy allows no inline script.
// Mirrors resolveTheme() in src/lib/theme.tsx (key "theme": light | dark | system).
(function () {
  try {
    var saved = localStorage.getItem('theme');
    var dark =
      saved === 'dark' ||
      ((saved === null || saved === 'system') && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch (e) {
    /* storage unavailable: keep the light default */
  }
})();
