// @theia/cli depends on puppeteer (used only by `theia test`); its postinstall must not download Chrome.
module.exports = { skipDownload: true };
