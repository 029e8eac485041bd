package io.tablecast.e2e;

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
import io.tablecast.common.tables.WorkQueue;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.embedded.RuntimeOptions;
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
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The views service's status page in a real browser (headless chromium), against the whole
 * embedded pipeline of this test's own: Kafka, Azurite, the projector with its workers, the
 * commands and the views services. No Docker. The tests run in order on one page: it loads clean,
 * follows commands, shows a parked message, works by keyboard and at 360 px (where each partition
 * is a compact row with its state in view, and still a table's row to a screen reader), asks for
 * a token on a second views service that requires one (and shows the data with a good one, a
 * notice with one that lacks {@code views.read}), and says so when storage stops answering (the
 * last test stops Azurite).
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
    long before = Long.parseLong(text("events-applied"));

    assertThat(commands.postJson("/departments", "{\"departmentId\":\"Ops\",\"name\":\"Operations\"}").status()).isEqualTo(201);
    for (int i = 1; i <= 5; i++) {
      assertThat(commands.postJson("/employees", "{\"employeeId\":\"" + (100 + i) + "\",\"departmentId\":\"Ops\",\"firstName\":\"A\","
          + "\"lastName\":\"B\",\"email\":\"e" + i + "@ops.io\",\"age\":30}").status()).isEqualTo(201);
    }

    waitUntil("the six events are counted", () -> Long.parseLong(text("events-applied")) >= before + 6);
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
    Generation generation = new Generation(Namespace.NONE, 1);
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
  void atThreeHundredSixtyPixelsWideEveryPartitionShowsItsStateInARowOfAtMostTwoLines() throws Exception {
    browser.emulateWidth(360, 800);
    driver.get(page);
    waitUntil("every partition's checkpoint is shown", () -> rows("partitions").size() == 2 * PARTITIONS);
    driver.executeScript("document.getElementById('partitions-heading').scrollIntoView()");

    double width = number("return window.innerWidth");
    // Two lines of body text and a rem for the row's padding and border (62.4 px at 16 px, line height
    // 1.45). A compact row is one line of body text and one of smaller print (54 px); a third line,
    // even of the smallest print on the page (0.8rem, 18.6 px), would exceed it.
    double twoLines = 2 * number("return parseFloat(getComputedStyle(document.body).lineHeight)")
        + number("return parseFloat(getComputedStyle(document.documentElement).fontSize)");
    assertThat(partitionRows()).hasSize(2 * PARTITIONS).allSatisfy(row -> {
      assertThat(row.state().isDisplayed()).isTrue();
      assertThat(row.state().getText()).as("a state without a reason, which would take a line of its own").isEqualTo("running");
      assertThat(row.stateLeft()).isGreaterThanOrEqualTo(0);
      assertThat(row.stateRight()).isLessThanOrEqualTo(width);
      assertThat(row.height()).isLessThanOrEqualTo(twoLines);
    });
    assertThat(number("return document.documentElement.scrollWidth")).isLessThanOrEqualTo(width);
    assertThat(number("var r = document.getElementById('partitions-region'); return r.scrollWidth - r.clientWidth"))
        .as("nothing scrolls sideways inside the table's frame either").isZero();
    assertThat(accessibleTable("Lag and progress of each partition of the active generation")).satisfies(table -> {
      assertThat(table).filteredOn(node -> node.role().equals("columnheader")).extracting(AccessibleNode::name)
          .containsExactly("Topic", "Partition", "Lag", "Last progress", "State");
      assertThat(table).filteredOn(node -> node.role().equals("row")).hasSize(1 + 2 * PARTITIONS);
      assertThat(table).filteredOn(node -> node.role().equals("cell")).hasSize(5 * 2 * PARTITIONS).extracting(AccessibleNode::name)
          .as("the labels shown before the values are not read twice").noneMatch(name -> name.matches("(Partition|Lag|Last progress).*"));
    });
    Files.write(Path.of("target", "status-page-partitions-360.png"), driver.getScreenshotAs(OutputType.BYTES));

    browser.stopEmulating();
    assertThat(driver.findElement(By.cssSelector("#partitions tbody tr")).getCssValue("display"))
        .as("at the window's 1280 px, a table's rows again").isEqualTo("table-row");
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

  /** A partition row's cell under the State header, where it lies across the page, and the row's height, in CSS pixels. */
  private record PartitionRow(WebElement state, double stateLeft, double stateRight, double height) {}

  @SuppressWarnings("unchecked")
  private List<PartitionRow> partitionRows() {
    List<Map<String, Object>> rows = (List<Map<String, Object>>) driver.executeScript(
        "var column = Array.from(document.querySelectorAll('#partitions thead th'), function (th) { return th.textContent; }).indexOf('State');"
        + " return Array.from(document.querySelectorAll('#partitions tbody tr'), function (tr) {"
        + " var state = tr.cells[column], box = state.getBoundingClientRect();"
        + " return {state: state, left: box.left, right: box.right, height: tr.getBoundingClientRect().height}; });");
    return rows.stream().map(row -> new PartitionRow((WebElement) row.get("state"), ((Number) row.get("left")).doubleValue(),
        ((Number) row.get("right")).doubleValue(), ((Number) row.get("height")).doubleValue())).toList();
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

  private List<String> rows(String table) {
    return driver.findElements(By.cssSelector("#" + table + " tbody tr")).stream().map(WebElement::getText).toList();
  }

  private void waitUntil(String what, java.util.function.BooleanSupplier condition) {
    new WebDriverWait(driver, SETTLE).withMessage(what).ignoring(RuntimeException.class).until(d -> condition.getAsBoolean());
  }
}
