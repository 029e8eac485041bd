package io.tablecast.devmode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.devmode.ReadmeCurl.CurlCall;
import io.tablecast.devmode.ReadmeCurl.Step;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ReadmeCurlTest {

  private static final String README = """
      # Tablecast

      ```sh
      curl -s localhost:8082/not-in-the-section
      ```

      ## Try it

      ```sh
      # Hire (commands).
      curl -s -X POST localhost:8081/employees -H 'Content-Type: application/json' \\
        -d '{"employeeId":"42", "lastName":"Lee"}'

      curl -s 'localhost:8082/employees?lastName=Lee&pageSize=2'  # a lookup
      ```

      ```json
      {"not":"a command"}
      ```

      ```sh
      curl -s -X POST localhost:8081/employees -d '{}'
      # {"type":"urn:tablecast:problem:validation","status":422,...}
      ```

      ## Next section

      ```sh
      curl -s localhost:8082/status
      ```
      """;

  @Test
  void theTryItSectionsShBlocksGiveOneStepPerCommandInOrderWithContinuationLinesJoined() {
    List<Step> steps = ReadmeCurl.tryIt(README);

    assertThat(steps).extracting(Step::call).containsExactly(
        new CurlCall("POST", "localhost:8081/employees", Map.of("Content-Type", "application/json"),
            Optional.of("{\"employeeId\":\"42\", \"lastName\":\"Lee\"}")),
        new CurlCall("GET", "localhost:8082/employees?lastName=Lee&pageSize=2", Map.of(), Optional.empty()),
        new CurlCall("POST", "localhost:8081/employees", Map.of("Content-Type", "application/x-www-form-urlencoded"),
            Optional.of("{}")));
  }

  @Test
  void aCommentRightBelowACommandThatShowsAStatusIsTheStatusThatCommandMustAnswer() {
    assertThat(ReadmeCurl.tryIt(README)).extracting(Step::shownStatus)
        .containsExactly(OptionalInt.empty(), OptionalInt.empty(), OptionalInt.of(422));
  }

  @Test
  void quotesAreRemovedAndWhatTheyHoldIsKeptAsWritten() {
    CurlCall call = CurlCall.parse("curl -X PATCH \"localhost:8081/employees/42\" -H 'If-Match: \"1\"' -d '{\"a\": \"b c\"}'");

    assertThat(call).isEqualTo(new CurlCall("PATCH", "localhost:8081/employees/42",
        Map.of("If-Match", "\"1\"", "Content-Type", "application/x-www-form-urlencoded"), Optional.of("{\"a\": \"b c\"}")));
  }

  @Test
  void theRequestGoesToTheServerNamedForTheUrlsHostAndPort() {
    CurlCall call = CurlCall.parse("curl -s 'localhost:8082/employees?email=ann@example.com'");

    assertThat(call.request(Map.of("localhost:8082", URI.create("http://127.0.0.1:28082"))).build().uri())
        .isEqualTo(URI.create("http://127.0.0.1:28082/employees?email=ann@example.com"));
    assertThatThrownBy(() -> call.request(Map.of("localhost:8081", URI.create("http://127.0.0.1:28081"))))
        .hasMessageContaining("No server for localhost:8082/employees");
  }

  @Test
  void anOptionThisParserDoesNotKnowIsRefusedNamingIt() {
    assertThatThrownBy(() -> CurlCall.parse("curl -s -i localhost:8082/status"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot run the README line, as the option -i is not one this test reads: curl -s -i localhost:8082/status");
  }

  @Test
  void whatTheShellWouldReadDifferentlyIsRefused() {
    assertThatThrownBy(() -> CurlCall.parse("curl -s localhost:8082/employees?lastName=Lee"))
        .hasMessageContaining("'?' is outside quotes");
    assertThatThrownBy(() -> CurlCall.parse("curl -s 'localhost:8082/status"))
        .hasMessageContaining("a quote is not closed");
    assertThatThrownBy(() -> CurlCall.parse("curl -d \"$BODY\" localhost:8081/employees"))
        .hasMessageContaining("would expand");
    assertThatThrownBy(() -> CurlCall.parse("curl -s localhost:8082/status localhost:8082/health"))
        .hasMessageContaining("is not the one URL");
    assertThatThrownBy(() -> CurlCall.parse("curl -s -H 'NoColon' localhost:8082/status"))
        .hasMessageContaining("is not 'Name: value'");
    assertThatThrownBy(() -> CurlCall.parse("curl -s -X"))
        .hasMessageContaining("-X has no value");
  }

  @Test
  void aCommandLineThatIsNotCurlFailsTheWholeWalkthrough() {
    String readme = "## Try it\n\n```sh\nexport TOKEN=abc\ncurl -s localhost:8082/status\n```\n";

    assertThatThrownBy(() -> ReadmeCurl.tryIt(readme)).hasMessageContaining("it is not a curl command: export TOKEN=abc");
  }

  @Test
  void theReadmeReadsEveryLiveViewBeforeItArchivesTheEmployee() {
    List<String> urls = ReadmeCurl.tryIt().stream().map(step -> step.call().method() + " " + step.call().url()).toList();
    int archive = urls.indexOf("POST localhost:8081/employees/42/archive");

    assertThat(archive).as("the walkthrough archives employee 42: %s", urls).isPositive();
    assertThat(urls.subList(archive + 1, urls.size())).as("after the archive")
        .noneMatch(url -> url.startsWith("GET localhost:8082/departments") || url.startsWith("GET localhost:8082/employees"))
        .contains("GET localhost:8082/archive/departments/Sales/employees/42");
  }
}
