package io.tablecast.commands.adapter.in.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.commands.fixtures.CommandsExtension;
import io.tablecast.commands.fixtures.RunningCommands;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeHired;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.net.http.HttpRequest.BodyPublishers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import io.tablecast.commands.CommandsService;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ConcurrentHashMap;
import java.net.URI;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The command processor under concurrency, against the real broker: races decided exactly once,
 * several processor instances, and a restart that restores every store from its changelog.
 */
@ExtendWith({TablecastRuntimeExtension.class, CommandsExtension.class})
class CommandProcessorIT {

  private static String hireBody(int id, String department, String email) {
    return "{\"employeeId\":\"" + id + "\",\"departmentId\":\"" + department + "\",\"firstName\":\"F" + id
        + "\",\"lastName\":\"L" + id + "\",\"email\":\"" + email + "\",\"age\":30}";
  }

  private static Response patch(HttpTestClient http, int id, String body, String... headers) {
    var request = http.request("/employees/" + id).method("PATCH", BodyPublishers.ofString(body)).header("Content-Type", "application/json");
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    return http.send(request);
  }

  private static <T> List<T> inParallel(int threads, List<Callable<T>> calls) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<T> results = new ArrayList<>();
      for (Future<T> future : pool.invokeAll(calls)) {
        results.add(future.get());
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void fiftyParallelHiresWithOneEmailGiveOneCreatedAndFortyNineConflicts(RunningCommands commands) throws Exception {
    HttpTestClient http = commands.http();
    assertThat(http.postJson("/departments", "{\"departmentId\":\"Sales\",\"name\":\"Sales\"}").status()).isEqualTo(201);

    List<Callable<Response>> hires = IntStream.rangeClosed(1, 50)
        .mapToObj(id -> (Callable<Response>) () -> http.postJson("/employees",
            hireBody(id, "Sales", id % 2 == 0 ? "Same@Example.com" : "same@example.COM")))
        .toList();
    List<Response> responses = inParallel(50, hires);

    Map<Integer, Long> statuses = responses.stream().collect(Collectors.groupingBy(Response::status, Collectors.counting()));
    assertThat(statuses).containsExactlyInAnyOrderEntriesOf(Map.of(201, 1L, 409, 49L));
    assertThat(responses).filteredOn(r -> r.status() == 409)
        .allSatisfy(r -> assertThat(r.json().get("type").asText()).isEqualTo("urn:tablecast:problem:email-taken"));
    assertThat(commands.events().all()).filteredOn(e -> e instanceof EmployeeHired).hasSize(1);
  }

  @Test
  void twoProcessorInstancesKeepVersionsGaplessAndEmailsUnique(RunningCommands commands) throws Exception {
    HttpTestClient first = commands.http();
    HttpTestClient second = new HttpTestClient(commands.startInstance().uri());
    List<HttpTestClient> apis = List.of(first, second);
    for (String department : List.of("D1", "D2", "D3")) {
      assertThat(first.postJson("/departments", "{\"departmentId\":\"" + department + "\",\"name\":\"x\"}").status()).isEqualTo(201);
    }
    // 30 employees; pairs race for the same address from the two instances.
    List<Callable<Response>> hires = IntStream.range(0, 30)
        .mapToObj(i -> (Callable<Response>) () -> apis.get(i % 2).postJson("/employees",
            hireBody(100 + i, "D" + (1 + i % 3), "pair" + (i / 2) + "@x.io")))
        .toList();
    List<Response> hired = inParallel(16, hires);
    assertThat(hired).extracting(Response::status).isSubsetOf(201, 409);
    assertThat(hired).filteredOn(r -> r.status() == 201).as("one hire per raced address").hasSize(15);
    // Concurrent changes of the same employees through both instances: each one lands on a version.
    List<Callable<Response>> changes = IntStream.range(0, 60)
        .mapToObj(i -> (Callable<Response>) () -> patch(apis.get(i % 2), 100 + (i % 30),
            "{\"lastName\":\"N" + i + "\",\"email\":\"e" + i + "@x.io\"}"))
        .toList();
    assertThat(inParallel(16, changes)).extracting(Response::status).isSubsetOf(200, 404, 409);

    List<DomainEvent> events = commands.events().all();

    Map<String, List<Long>> versions = events.stream().collect(Collectors.groupingBy(
        e -> e.metadata().aggregateId(), Collectors.mapping(DomainEvent::version, Collectors.toList())));
    versions.forEach((aggregate, list) -> assertThat(list)
        .as("versions of %s in log order", aggregate)
        .isEqualTo(IntStream.rangeClosed(1, list.size()).mapToObj(Long::valueOf).toList()));
    assertThat(events).filteredOn(e -> e instanceof EmployeeHired).hasSize(15);
    assertThat(activeEmails(events).values()).doesNotHaveDuplicates();
  }

  @Test
  void aRestartedServiceRestoresEveryRuleFromTheChangelogs(RunningCommands commands) {
    HttpTestClient before = commands.http();
    assertThat(before.postJson("/departments", "{\"departmentId\":\"Sales\",\"name\":\"Sales\"}").status()).isEqualTo(201);
    assertThat(before.postJson("/employees", hireBody(5, "Sales", "ann@x.io")).status()).isEqualTo(201);
    assertThat(patch(before, 5, "{\"age\":31}").status()).isEqualTo(200);
    commands.stopAll();

    // A new instance with an empty state directory: every store comes back from its changelog.
    HttpTestClient after = new HttpTestClient(commands.startInstance().uri());

    assertThat(after.postJson("/departments", "{\"departmentId\":\"Sales\",\"name\":\"Sales\"}").status()).isEqualTo(409);
    assertThat(after.postJson("/employees", hireBody(5, "Sales", "new@x.io")).status()).isEqualTo(409);
    assertThat(after.postJson("/employees", hireBody(6, "Sales", "ANN@x.io")).json().get("type").asText())
        .isEqualTo("urn:tablecast:problem:email-taken");
    assertThat(patch(after, 5, "{\"age\":32}", "If-Match", "\"1\"").status()).isEqualTo(412);
    Response changed = patch(after, 5, "{\"age\":32}", "If-Match", "\"2\"");
    assertThat(changed.status()).isEqualTo(200);
    assertThat(changed.json().get("version").asLong()).isEqualTo(3);
  }

  @Test
  void theSameKeyAtTheSameTimeOnTwoInstancesRunsOnceAndAnswersBothAlike(RunningCommands commands) throws Exception {
    HttpTestClient first = commands.http();
    HttpTestClient second = new HttpTestClient(commands.startInstance().uri());
    assertThat(first.postJson("/departments", "{\"departmentId\":\"Sales\",\"name\":\"Sales\"}").status()).isEqualTo(201);
    Function<HttpTestClient, Callable<Response>> hire = api -> () -> api.send(api.request("/employees")
        .header("Content-Type", "application/json").header("Idempotency-Key", "same-key")
        .POST(BodyPublishers.ofString(hireBody(9, "Sales", "bo@x.io"))));

    List<Response> answers = inParallel(4, List.of(hire.apply(first), hire.apply(second), hire.apply(first), hire.apply(second)));

    assertThat(answers).extracting(Response::status).containsOnly(201);
    assertThat(answers).extracting(r -> r.raw().body()).containsOnly(answers.get(0).raw().body());
    assertThat(commands.events().all()).filteredOn(e -> e instanceof EmployeeHired).hasSize(1);
  }

  @Test
  void aHireSentRightAfterItsDepartmentsCreationOnAnotherInstanceSucceeds(RunningCommands commands) {
    HttpTestClient first = commands.http();
    HttpTestClient second = new HttpTestClient(commands.startInstance().uri());

    for (int i = 0; i < 20; i++) {
      assertThat(first.postJson("/departments", "{\"departmentId\":\"New" + i + "\",\"name\":\"x\"}").status()).isEqualTo(201);
      // The second instance's replica may not know the department yet: then it asks the department's partition.
      assertThat(second.postJson("/employees", hireBody(500 + i, "New" + i, "new" + i + "@x.io")).status()).as("hire into New%d", i)
          .isEqualTo(201);
    }
  }

  @Test
  void aRollingRestartOfOneOfTwoInstancesUnderLoadLosesNoCommandAndAnswersEveryRetryWithTheFirstAnswer(RunningCommands commands)
      throws Exception {
    CommandsService restarted = commands.startInstance();
    AtomicReferenceArray<URI> apis = new AtomicReferenceArray<>(new URI[] {commands.http().base(), restarted.uri()});
    assertThat(commands.http().postJson("/departments", "{\"departmentId\":\"Roll\",\"name\":\"x\"}").status()).isEqualTo(201);
    Map<String, List<String>> answers = new ConcurrentHashMap<>();
    List<Callable<Void>> clients = IntStream.range(0, 8).mapToObj(c -> (Callable<Void>) () -> {
      for (int i = 0; i < 30; i++) {
        int id = 1000 + c * 100 + i;
        for (int send = 0; send < 2; send++) { // the first answer, then a retry of the same key
          answers.computeIfAbsent("roll-" + id, k -> new CopyOnWriteArrayList<>())
              .add(untilAnswered(apis, c + i + send, "roll-" + id, hireBody(id, "Roll", "roll" + id + "@x.io")));
        }
      }
      return null;
    }).toList();
    ExecutorService pool = Executors.newFixedThreadPool(clients.size());
    try {
      List<Future<Void>> running = clients.stream().map(pool::submit).toList();
      Thread.sleep(1_500);
      apis.set(1, commands.restart(restarted).uri()); // under load: the second instance stops and comes back
      for (Future<Void> client : running) {
        client.get();
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(answers).hasSize(240);
    answers.forEach((key, bodies) -> {
      assertThat(bodies).as("the answers to %s", key).hasSize(2).allSatisfy(b -> assertThat(b).contains("\"version\":1"));
      assertThat(bodies.get(1)).as("the retry of %s gets the first answer", key).isEqualTo(bodies.get(0));
    });
    List<DomainEvent> hires = commands.events().all().stream().filter(e -> e instanceof EmployeeHired).toList();
    assertThat(hires).as("one event per command, none lost, none doubled").hasSize(240)
        .extracting(e -> e.metadata().aggregateId()).doesNotHaveDuplicates();
  }

  /** Sends until a definite answer (not 5xx, not a lost connection), alternating instances; returns its body. */
  private static String untilAnswered(AtomicReferenceArray<URI> apis, int start, String key, String body) throws InterruptedException {
    for (int attempt = start; ; attempt++) {
      try {
        HttpTestClient api = new HttpTestClient(apis.get(attempt % 2));
        Response response = api.send(api.request("/employees").header("Content-Type", "application/json")
            .header("Idempotency-Key", key).POST(BodyPublishers.ofString(body)));
        if (response.status() < 500) {
          assertThat(response.status()).as("%s: %s", key, response.raw().body()).isEqualTo(201);
          return response.raw().body();
        }
      } catch (java.io.UncheckedIOException e) {
        // the instance is down: another attempt, on the other one
      }
      Thread.sleep(100);
    }
  }

  /** Each active employee's email, lower-cased, after replaying the log. */
  private static Map<String, String> activeEmails(List<DomainEvent> events) {
    Map<String, String> emails = new HashMap<>();
    for (DomainEvent event : events) {
      if (event instanceof EmployeeHired e) {
        emails.put(e.employeeId().canonical(), e.email().toLowerCase(Locale.ROOT));
      } else if (event instanceof EmployeeDetailsChanged e) {
        emails.put(e.employeeId().canonical(), e.email().toLowerCase(Locale.ROOT));
      } else if (event instanceof EmployeeArchived e) {
        emails.remove(e.employeeId().canonical());
      }
    }
    return emails;
  }
}
