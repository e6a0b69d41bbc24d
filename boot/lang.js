// First frame (index.html): shows the loading text in the browser's language until the app mounts.
if (/(^|&)lang=zh/.test(location.search.slice(1)) || (!/(^|&)lang=en/.test(location.search.slice(1)) && /^zh/i.test(navigator.language || ''))) document.documentElement.lang = 'zh-CN';
