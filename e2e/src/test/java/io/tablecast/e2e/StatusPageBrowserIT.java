package io.tablecast.e2e;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.queue.QueueClient;
import io.tablecast.commands.CommandsConfig;
import io.tablecast.commands.CommandsService;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ServiceSas;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.embedded.RuntimeOptions;
import io.tablecast.hr.tables.WorkQueue;
import io.tablecast.projector.ProjectorConfig;
import io.tablecast.projector.ProjectorService;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.TestIssuer;
import io.tablecast.views.ViewsConfig;
import io.tablecast.views.ViewsService;
import io.tablecast.viewstore.adapter.queue.ParkedMessages;
import io.tablecast.viewstore.adapter.queue.ParkedMessages.Parked;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The views service's status page in a real browser (headless chromium), against the whole
 * embedded pipeline of this test's own: Kafka, Azurite, the projector with its workers, the
 * commands and the views services. No Docker. The tests run in order on one page: it loads clean,
 * follows commands, shows a parked message, works by keyboard and at 360 px (where each partition
 * and each queue is a compact row within the screen, and still a table's row to a screen reader,
 * and nothing scrolls sideways), asks for a token on a second views service that requires one
 * (and shows the data with a good one, a notice with one that lacks {@code views.read}), and says
 * so when storage stops answering (the last test stops Azurite).
 */
@ExtendWith(RequiresChromium.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StatusPageBrowserIT {

  private static final Duration SETTLE = Duration.ofSeconds(60);
  private static final int PARTITIONS = 3;

  private EmbeddedRuntime runtime;
  private HttpTestClient commands;
  private String page;
  private String signedInPage;
  private TestIssuer issuer;
  private Browser browser;
  private ChromeDriver driver;

  @BeforeAll
  void startThePipelineAndTheBrowser(@TempDir Path dir) throws Exception {
    runtime = EmbeddedRuntime.start(RuntimeOptions.freePorts(Files.createDirectories(dir.resolve("runtime"))));
    KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), PARTITIONS);
    StorageSettings storage = StorageSettings.ofConnectionString(runtime.storageConnectionString());
    HttpSettings anyPort = new HttpSettings("127.0.0.1", 0);
    runtime.closeFirst("projector service", ProjectorService.start(ProjectorConfig.of(Namespace.NONE, kafka, storage, anyPort)));
    commands = new HttpTestClient(runtime.closeFirst("commands service", CommandsService.start(new CommandsConfig(Namespace.NONE, kafka,
        anyPort, dir.resolve("streams"), Duration.ofSeconds(20), "status-page"))).uri());
    ViewsConfig viewsConfig = ViewsConfig.of(Namespace.NONE, ServiceSas.readOnly(runtime.storageConnectionString(), Duration.ofHours(1)),
        kafka, anyPort);
    page = runtime.closeFirst("views service", ViewsService.start(viewsConfig)).uri() + "/";
    issuer = runtime.closeFirst("token issuer", TestIssuer.start());
    signedInPage = runtime.closeFirst("views service with auth", ViewsService.start(viewsConfig.withAuth(issuer.settings()))).uri() + "/";
    browser = Browser.start();
    driver = browser.driver();
  }

  @AfterEach
  void backToTheWindowsWidth() {
    browser.stopEmulating();
  }

  @AfterAll
  void stop() {
    if (browser != null) {
      browser.close();
    }
    if (runtime != null) {
      runtime.close();
    }
  }

  @Test
  @Order(1)
  void thePageLoadsWithoutConsoleErrorsAndShowsTheGenerationEveryPartitionAndEveryQueue() throws Exception {
    driver.get(page);

    waitUntil("every partition's checkpoint is shown", () -> rows("partitions").size() == 2 * PARTITIONS);
    assertThat(driver.getTitle()).isEqualTo("Tablecast status");
    assertThat(text("active-generation")).isEqualTo("1");
    assertThat(text("pending-generation")).isEqualTo("none");
    assertThat(rows("partitions")).allSatisfy(row -> assertThat(row).containsPattern("tablecast\\.(employee|department)-events"));
    assertThat(rows("queues")).hasSize(3).anySatisfy(row -> assertThat(row).startsWith("index-maintenance-g1"))
        .anySatisfy(row -> assertThat(row).startsWith("archive-employee-g1")).anySatisfy(row -> assertThat(row).startsWith("transfer-employee-g1"));
    assertThat(driver.findElement(By.id("alert")).isDisplayed()).as("no alert while all is well").isFalse();
    assertThat(browser.consoleErrors()).isEmpty();
    Files.write(Path.of("target", "status-page.png"), driver.getScreenshotAs(OutputType.BYTES));
  }

  @Test
  @Order(2)
  void commandsSentShowUpAsMoreEventsAppliedAndOnTheCommandsChart() throws Exception {
    driver.get(page);
    waitUntil("the first refresh", () -> !text("events-applied").equals("–"));
    long before = count("events-applied");

    assertThat(commands.postJson("/departments", "{\"departmentId\":\"Ops\",\"name\":\"Operations\"}").status()).isEqualTo(201);
    for (int i = 1; i <= 5; i++) {
      assertThat(commands.postJson("/employees", "{\"employeeId\":\"" + (100 + i) + "\",\"departmentId\":\"Ops\",\"firstName\":\"A\","
          + "\"lastName\":\"B\",\"email\":\"e" + i + "@ops.io\",\"age\":30}").status()).isEqualTo(201);
    }

    waitUntil("the six events are counted", () -> count("events-applied") >= before + 6);
    waitUntil("the commands chart rises above zero", () -> driver.findElements(By.cssSelector("#chart-throughput polyline.series-0")).stream()
        .anyMatch(line -> Arrays.stream(line.getDomAttribute("points").split(" ")).anyMatch(p -> Double.parseDouble(p.split(",")[1]) < 118)));
    assertThat(text("chart-throughput-summary")).startsWith("Latest: commands/s ");
    // The projector's and its workers' telemetry rows reach the freshness charts within a window or two.
    waitUntil("the view freshness chart has data", () -> text("chart-view-freshness-summary").matches("Latest: p50 [0-9.,]+ ms, p99 [0-9.,]+ ms\\."));
    waitUntil("the index freshness chart has data", () -> text("chart-index-freshness-summary").matches("Latest: p50 [0-9.,]+ ms, p99 [0-9.,]+ ms\\."));
    assertThat(browser.consoleErrors()).isEmpty();
    driver.executeScript("document.getElementById('charts').scrollIntoView()");
    Files.write(Path.of("target", "status-page-charts.png"), driver.getScreenshotAs(OutputType.BYTES));
  }

  @Test
  @Order(3)
  void aParkedMessageShowsWithItsReasonAndTheCommandThatRequeuesIt() {
    Generation generation = new Generation(HR, Namespace.NONE, 1);
    QueueClient poison = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()))
        .queue(generation.poisonQueue(WorkQueue.INDEX_MAINTENANCE));
    poison.createIfNotExists();
    String id = poison.sendMessage(ParkedMessages.write(new Parked(generation.queue(WorkQueue.INDEX_MAINTENANCE),
        "employee 00000042 has no locator", Instant.now(), 6, "{\"format\":1,\"generation\":1,\"items\":[]}"))).getMessageId();

    waitUntil("the parked message is shown", () -> rows("queues").stream().anyMatch(row -> row.contains("employee 00000042 has no locator")));
    String row = rows("queues").stream().filter(r -> r.startsWith("index-maintenance-g1")).findFirst().orElseThrow();
    assertThat(row).contains("Reason: employee 00000042 has no locator",
        "tablecast poison requeue --queue index-maintenance --id " + id);
    assertThat(browser.consoleErrors()).isEmpty();
  }

  @Test
  @Order(4)
  void theKeyboardReachesTheSkipLinkFirstThenTheTablesInOrder() {
    driver.get(page);
    waitUntil("the first refresh", () -> rows("partitions").size() == 2 * PARTITIONS);

    List<String> focused = new ArrayList<>();
    List<String> outlines = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      new Actions(driver).sendKeys(Keys.TAB).perform();
      WebElement active = driver.switchTo().activeElement();
      focused.add(active.getDomAttribute("id"));
      outlines.add(active.getCssValue("outline-style"));
    }

    assertThat(focused).containsExactly("skip-link", "partitions-region", "queues-region");
    assertThat(outlines).as("a visible focus style on each").doesNotContain("none");
    driver.findElement(By.id("skip-link")).sendKeys(Keys.ENTER);
    assertThat(driver.switchTo().activeElement().getDomAttribute("id")).isEqualTo("main");
  }

  @Test
  @Order(5)
  void atThreeHundredSixtyPixelsWideThePageDoesNotScrollSideways() throws Exception {
    browser.emulateWidth(360, 800);
    driver.get(page);
    waitUntil("the first refresh", () -> rows("queues").size() == 3 && rows("queues").stream().anyMatch(r -> r.contains("Reason:")));

    JavascriptExecutor js = driver;
    assertThat(((Number) js.executeScript("return window.innerWidth")).intValue()).isEqualTo(360);
    assertThat(((Number) js.executeScript("return document.body.scrollWidth")).intValue()).isLessThanOrEqualTo(360);
    assertThat(((Number) js.executeScript("return document.documentElement.scrollWidth")).intValue()).isLessThanOrEqualTo(360);
    Files.write(Path.of("target", "status-page-360.png"), driver.getScreenshotAs(OutputType.BYTES));
  }

  @Test
  @Order(6)
  void atThreeHundredSixtyPixelsWideEveryPartitionAndEveryQueueIsACompactRowWithinTheScreen() throws Exception {
    browser.emulateWidth(360, 800);
    driver.get(page);
    waitUntil("every partition's checkpoint and the parked message are shown", () -> rows("partitions").size() == 2 * PARTITIONS
        && rows("queues").stream().anyMatch(r -> r.contains("Reason:")));
    // A checkpoint row records its lag when it is written; one written just before the last records were
    // applied reads "behind" until the next refresh shows its successor.
    waitUntil("every partition caught up", () -> laidOut("partitions").stream()
        .allMatch(row -> row.cells().get("State").text().equals("running")));

    double width = number("return window.innerWidth");
    // Two lines of body text and a rem for the row's padding and border (62.4 px at 16 px, line height
    // 1.45). A compact row is one line of body text and one of smaller print (54 px); a third line,
    // even of the smallest print on the page (0.8rem, 18.6 px), would exceed it.
    double twoLines = 2 * number("return parseFloat(getComputedStyle(document.body).lineHeight)")
        + number("return parseFloat(getComputedStyle(document.documentElement).fontSize)");
    assertThat(laidOut("partitions")).hasSize(2 * PARTITIONS).allSatisfy(row -> {
      LaidOutCell state = row.cells().get("State");
      assertThat(state.element().isDisplayed()).isTrue();
      assertThat(state.element().getText()).as("a state without a reason, which would take a line of its own").isEqualTo("running");
      assertThat(state.left()).isGreaterThanOrEqualTo(0);
      assertThat(state.right()).isLessThanOrEqualTo(width);
      assertThat(row.height()).isLessThanOrEqualTo(twoLines);
    });
    assertThat(laidOut("queues")).hasSize(3).allSatisfy(row -> assertThat(row.cells().values())
        .as("the queue's name, depth, parked count and oldest parked message, each cell and its text")
        .hasSize(4).allSatisfy(cell -> assertThat(cell.left()).isGreaterThanOrEqualTo(0))
        .allSatisfy(cell -> assertThat(cell.right()).isLessThanOrEqualTo(width)))
        .filteredOn(row -> row.cells().get("Oldest parked message").text().equals("none")).as("a queue with nothing parked")
        .isNotEmpty().allSatisfy(row -> assertThat(row.height()).isLessThanOrEqualTo(twoLines));
    assertThat(number("return document.documentElement.scrollWidth")).isLessThanOrEqualTo(width);
    assertThat(sidewaysScrollers()).as("no element, the tables' frames included, scrolls sideways").isEmpty();
    assertReadAsATable("Lag and progress of each partition of the active generation",
        List.of("Topic", "Partition", "Lag", "Last progress", "State"), 2 * PARTITIONS, "(Partition|Lag|Last progress).*");
    assertReadAsATable("Depth of each work queue and of its poison queue, with the oldest parked message",
        List.of("Queue", "Depth", "Parked", "Oldest parked message"), 3, "(Depth|Parked|Oldest parked).*");
    driver.executeScript("document.getElementById('partitions-heading').scrollIntoView()");
    Files.write(Path.of("target", "status-page-partitions-360.png"), driver.getScreenshotAs(OutputType.BYTES));
    driver.executeScript("document.getElementById('queues-heading').scrollIntoView()");
    Files.write(Path.of("target", "status-page-queues-360.png"), driver.getScreenshotAs(OutputType.BYTES));

    browser.stopEmulating();
    assertThat(driver.findElements(By.cssSelector("#partitions tbody tr, #queues tbody tr"))).extracting(tr -> tr.getCssValue("display"))
        .as("at the window's 1280 px, a table's rows again").containsOnly("table-row");
  }

  @Test
  @Order(7)
  void withAuthOnThePageAsksForATokenInALabelledPasswordFieldAndShowsNoData() {
    driver.get(signedInPage);

    waitUntil("the sign-in panel", () -> driver.findElement(By.id("sign-in")).isDisplayed());
    assertThat(text("sign-in-notice")).isEqualTo("This status page needs a bearer token that grants views.read.");
    WebElement field = driver.findElement(By.id("token"));
    assertThat(field.getDomAttribute("type")).isEqualTo("password");
    assertThat(driver.findElement(By.cssSelector("label[for=token]")).getText()).startsWith("Bearer token");
    assertThat(driver.switchTo().activeElement()).as("the keyboard is in the field").isEqualTo(field);
    assertThat(driver.findElement(By.id("main")).isDisplayed()).isFalse();
    assertThat(driver.findElement(By.id("sign-out")).isDisplayed()).isFalse();
    assertThat(driver.findElement(By.id("alert")).isDisplayed()).as("no stale-data alert for a page not signed in").isFalse();
    assertThat(scriptAndPolicyErrors()).isEmpty();
  }

  @Test
  @Order(8)
  void aTokenGrantingViewsReadTypedAndEnteredShowsTheDataAndSignOutForgetsIt() {
    driver.get(signedInPage);
    waitUntil("the sign-in panel", () -> driver.findElement(By.id("sign-in")).isDisplayed());
    String token = issuer.token(claims -> claims.claim("scp", "views.read"));

    driver.switchTo().activeElement().sendKeys(token, Keys.ENTER);

    waitUntil("the data", () -> rows("partitions").size() == 2 * PARTITIONS);
    assertThat(text("active-generation")).isEqualTo("1");
    assertThat(driver.findElement(By.id("sign-in")).isDisplayed()).isFalse();
    assertThat(driver.executeScript("return sessionStorage.getItem('tablecast.bearerToken')")).isEqualTo(token);
    assertThat(driver.getCurrentUrl()).isEqualTo(signedInPage);
    List<String> console = browser.consoleErrors();
    assertThat(console).noneMatch(line -> line.contains(token.substring(token.lastIndexOf('.'))));

    WebElement signOut = driver.findElement(By.id("sign-out"));
    assertThat(signOut.isDisplayed()).isTrue();
    signOut.sendKeys(Keys.ENTER);

    waitUntil("signed out", () -> driver.findElement(By.id("sign-in")).isDisplayed());
    assertThat(text("sign-in-notice")).startsWith("Signed out.");
    assertThat(driver.executeScript("return sessionStorage.getItem('tablecast.bearerToken')")).isNull();
    assertThat(driver.findElement(By.id("main")).isDisplayed()).isFalse();
  }

  @Test
  @Order(9)
  void aTokenWithoutViewsReadGetsItsOwnNoticeAndThePanelFitsThreeHundredSixtyPixels() throws Exception {
    browser.emulateWidth(360, 800);
    driver.get(signedInPage);
    waitUntil("the sign-in panel", () -> driver.findElement(By.id("sign-in")).isDisplayed());

    driver.findElement(By.id("token")).sendKeys(issuer.token(claims -> claims.claim("scp", "commands.write")));
    driver.findElement(By.id("sign-in-button")).sendKeys(Keys.ENTER);

    waitUntil("the forbidden notice", () -> text("sign-in-notice").contains("does not grant views.read"));
    assertThat(driver.findElement(By.id("main")).isDisplayed()).isFalse();
    assertThat(driver.findElement(By.id("sign-out")).isDisplayed()).as("the token is kept until signed out or replaced").isTrue();
    assertThat(text("updated")).isEqualTo("Signed in, without access to the status.");
    assertThat(((Number) driver.executeScript("return document.documentElement.scrollWidth")).intValue()).isLessThanOrEqualTo(360);
    assertThat(scriptAndPolicyErrors()).isEmpty();
    Files.write(Path.of("target", "status-page-sign-in-360.png"), driver.getScreenshotAs(OutputType.BYTES));
    driver.executeScript("sessionStorage.clear()");
  }

  @Test
  @Order(10)
  void whenStorageStopsAnsweringThePageSaysSoInAnAlert() {
    driver.get(page);
    waitUntil("the first refresh", () -> rows("partitions").size() == 2 * PARTITIONS);

    runtime.azurite().close();

    waitUntil("the stale-data alert", () -> driver.findElement(By.id("alert")).isDisplayed()
        && text("alert").contains("Stale data") && text("alert").contains("Storage is not answering"));
    assertThat(driver.findElement(By.id("alert")).getDomAttribute("role")).isEqualTo("alert");
    HttpTestClient.Response dashboard = new HttpTestClient(java.net.URI.create(page)).get("/status/dashboard");
    assertThat(dashboard.status()).isEqualTo(503);
    assertThat(dashboard.contentType()).startsWith("application/problem+json");
  }

  /** The console's errors but the browser's own line for each 401 or 403 the page is meant to get. */
  private List<String> scriptAndPolicyErrors() {
    return browser.consoleErrors().stream().filter(line -> !line.matches(".*the server responded with a status of 40[13] .*")).toList();
  }

  private double number(String script) {
    return ((Number) driver.executeScript(script)).doubleValue();
  }

  /** A body row of a table as laid out: its height, and its cells by their columns' headers. */
  private record LaidOutRow(double height, Map<String, LaidOutCell> cells) {}

  /** A cell, its text, and from where to where it and its text lie across the page, in CSS pixels. */
  private record LaidOutCell(WebElement element, String text, double left, double right) {
    @Override
    public String toString() {
      return "'" + text + "' from " + left + " to " + right;
    }
  }

  @SuppressWarnings("unchecked")
  private List<LaidOutRow> laidOut(String table) {
    List<Map<String, Object>> rows = (List<Map<String, Object>>) driver.executeScript(
        "var headers = Array.from(document.querySelectorAll('#' + arguments[0] + ' thead th'), function (th) { return th.textContent; });"
        + " return Array.from(document.querySelectorAll('#' + arguments[0] + ' tbody tr'), function (tr) {"
        + " var cells = {}; Array.from(tr.cells).forEach(function (cell, i) {"
        + " var box = cell.getBoundingClientRect(), text = document.createRange(); text.selectNodeContents(cell);"
        + " var ink = text.getBoundingClientRect();"
        + " cells[headers[i]] = {cell: cell, text: cell.innerText, left: Math.min(box.left, ink.left), right: Math.max(box.right, ink.right)}; });"
        + " return {height: tr.getBoundingClientRect().height, cells: cells}; });", table);
    return rows.stream().map(row -> {
      Map<String, LaidOutCell> cells = new LinkedHashMap<>();
      ((Map<String, Map<String, Object>>) row.get("cells")).forEach((column, cell) -> cells.put(column, new LaidOutCell((WebElement) cell.get("cell"),
          (String) cell.get("text"), ((Number) cell.get("left")).doubleValue(), ((Number) cell.get("right")).doubleValue())));
      return new LaidOutRow(((Number) row.get("height")).doubleValue(), cells);
    }).toList();
  }

  /** The elements that scroll sideways (overflow auto or scroll, and more content than width), by tag and id. */
  @SuppressWarnings("unchecked")
  private List<String> sidewaysScrollers() {
    return (List<String>) driver.executeScript("return Array.from(document.querySelectorAll('*')).filter(function (e) {"
        + " var overflow = getComputedStyle(e).overflowX; return (overflow === 'auto' || overflow === 'scroll') && e.scrollWidth > e.clientWidth;"
        + " }).map(function (e) { return e.tagName.toLowerCase() + (e.id ? '#' + e.id : ''); });");
  }

  /**
   * That chromium's accessibility tree, what a screen reader gets, holds the table {@code name} with its
   * {@code columns}' headers, a row for the header and each of {@code rows}, and a cell or row header
   * for each value, none of them read with the label that the narrow layout shows before it.
   */
  private void assertReadAsATable(String name, List<String> columns, int rows, String labelled) {
    assertThat(accessibleTable(name)).satisfies(table -> {
      assertThat(table).filteredOn(node -> node.role().equals("columnheader")).extracting(AccessibleNode::name)
          .containsExactlyElementsOf(columns);
      assertThat(table).filteredOn(node -> node.role().equals("row")).hasSize(1 + rows);
      assertThat(table).filteredOn(node -> node.role().matches("cell|rowheader")).hasSize(columns.size() * rows)
          .extracting(AccessibleNode::name).as("the labels shown before the values are not read twice").noneMatch(cell -> cell.matches(labelled));
    });
  }

  private record AccessibleNode(String role, String name) {}

  /** What a screen reader gets of the table it knows by {@code name}: its nodes below it, in order, from chromium's accessibility tree. */
  @SuppressWarnings("unchecked")
  private List<AccessibleNode> accessibleTable(String name) {
    List<Map<String, Object>> nodes = (List<Map<String, Object>>) driver.executeCdpCommand("Accessibility.getFullAXTree", Map.of()).get("nodes");
    Map<Object, Map<String, Object>> byId = new HashMap<>();
    nodes.forEach(node -> byId.put(node.get("nodeId"), node));
    Map<String, Object> table = nodes.stream().filter(node -> axValue(node, "role").equals("table") && axValue(node, "name").equals(name))
        .findFirst().orElseThrow(() -> new AssertionError("no table named '" + name + "' in the accessibility tree"));
    List<AccessibleNode> below = new ArrayList<>();
    Deque<Map<String, Object>> pending = new ArrayDeque<>(List.of(table));
    while (!pending.isEmpty()) {
      Map<String, Object> node = pending.pop();
      if (node != table && !Boolean.TRUE.equals(node.get("ignored"))) {
        below.add(new AccessibleNode(axValue(node, "role"), axValue(node, "name")));
      }
      List<Object> children = (List<Object>) node.getOrDefault("childIds", List.of());
      for (int i = children.size() - 1; i >= 0; i--) {
        pending.push(byId.get(children.get(i)));
      }
    }
    return below;
  }

  @SuppressWarnings("unchecked")
  private static String axValue(Map<String, Object> node, String property) {
    Object value = node.get(property) instanceof Map<?, ?> m ? ((Map<String, Object>) m).get("value") : null;
    return value == null ? "" : value.toString();
  }

  private String text(String id) {
    return driver.findElement(By.id(id)).getText();
  }

  /** A count as the page shows it, grouped for the browser's locale, en-US (1,234,567). */
  private long count(String id) {
    return Long.parseLong(text(id).replace(",", ""));
  }

  /** The text of each row of a table; read again when the page redraws the table while it is read (it refreshes every few seconds). */
  private List<String> rows(String table) {
    for (int attempt = 1; ; attempt++) {
      try {
        return driver.findElements(By.cssSelector("#" + table + " tbody tr")).stream().map(WebElement::getText).toList();
      } catch (StaleElementReferenceException e) {
        if (attempt == 5) {
          throw e;
        }
      }
    }
  }

  private void waitUntil(String what, java.util.function.BooleanSupplier condition) {
    new WebDriverWait(driver, SETTLE).withMessage(what).ignoring(RuntimeException.class).until(d -> condition.getAsBoolean());
  }
}
