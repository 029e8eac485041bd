package io.tablecast.e2e;

import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Headless chromium through the system's chromedriver: both paths are given, so Selenium
 * Manager, which would download a driver, never runs.
 */
final class Browser implements AutoCloseable {

  private final ChromeDriverService service;
  private final ChromeDriver driver;

  private Browser(ChromeDriverService service, ChromeDriver driver) {
    this.service = service;
    this.driver = driver;
  }

  static Browser start() {
    ChromeDriverService service = new ChromeDriverService.Builder()
        .usingDriverExecutable(RequiresChromium.DRIVER.toFile()).usingAnyFreePort().build();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(RequiresChromium.BROWSER.toFile());
    // Root in CI has no user namespace sandbox; /dev/shm may be small in a container.
    options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,1000",
        "--lang=en-US");
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    try {
      return new Browser(service, new ChromeDriver(service, options));
    } catch (RuntimeException e) {
      service.stop();
      throw e;
    }
  }

  ChromeDriver driver() {
    return driver;
  }

  /** The console's errors since the last call: messages at SEVERE. */
  List<String> consoleErrors() {
    return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
        .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).map(LogEntry::getMessage).toList();
  }

  /** Renders the page as a phone 360 px wide would, whatever the window's minimum size. */
  void emulateWidth(int width, int height) {
    driver.executeCdpCommand("Emulation.setDeviceMetricsOverride",
        Map.of("width", width, "height", height, "deviceScaleFactor", 1, "mobile", true));
  }

  /** Back to the window's own size, after {@link #emulateWidth}. */
  void stopEmulating() {
    driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
  }

  @Override
  public void close() {
    try {
      driver.quit();
    } finally {
      service.stop();
    }
  }
}
