package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.app.fixtures.Pipeline;
import io.tablecast.common.config.Namespace;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.testkit.TestIssuer;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole way from a signed-in caller to what a reader sees, with authentication on in both
 * HTTP services: the subject of the token that sent a command is the actor of its event, and the
 * activity view shows it to a reader with {@code views.read}.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class SignedInActorIT {

  private static final Duration PROJECTION = Duration.ofSeconds(30);

  private TestIssuer issuer;
  private Pipeline pipeline;

  @BeforeEach
  void aPipelineThatAcceptsOnlyTheIssuersTokens(EmbeddedRuntime runtime, Namespace namespace, @TempDir Path stateDir) {
    issuer = TestIssuer.start();
    pipeline = Pipeline.start(runtime, namespace, stateDir, Optional.of(issuer.settings()));
  }

  @AfterEach
  void stop() {
    pipeline.close();
    issuer.close();
  }

  @Test
  void theSubjectOfTheTokenThatSentEachCommandIsTheActorInTheActivityView() {
    String hr = bearer("hr-app@tenant.example", "commands.write");
    String manager = bearer("manager-7", "commands.write");
    assertThat(post(hr, "/departments", "{\"departmentId\":\"Ops\",\"name\":\"Operations\"}").status()).isEqualTo(201);
    assertThat(post(hr, "/employees", """
        {"employeeId":"41","departmentId":"Ops","firstName":"Ada","lastName":"Ek","email":"ada@x.io","age":36}""").status())
        .isEqualTo(201);
    assertThat(post(manager, "/employees/41/archive", "{}").status()).isEqualTo(200);

    String reader = bearer("auditor", "views.read");
    Response activity = await().atMost(PROJECTION).until(() -> get(reader, "/employees/41/activity"),
        r -> r.status() == 200 && r.json().get("items").size() == 2);

    // Newest first: the manager's archive, then the HR application's hire.
    assertThat(activity.json().get("items")).extracting(item -> item.get("actor").asText())
        .containsExactly("manager-7", "hr-app@tenant.example");
  }

  @Test
  void theActivityIsReadOnlyWithATokenThatGrantsViewsRead() {
    String writerOnly = bearer("hr-app@tenant.example", "commands.write");
    assertThat(post(writerOnly, "/departments", "{\"departmentId\":\"Ops\",\"name\":\"Operations\"}").status()).isEqualTo(201);

    assertThat(get(writerOnly, "/departments/Ops").status()).isEqualTo(403);
    assertThat(pipeline.views().get("/departments/Ops").status()).isEqualTo(401);
    await().atMost(PROJECTION).until(() -> get(bearer("auditor", "views.read"), "/departments/Ops").status() == 200);
  }

  private String bearer(String subject, String scope) {
    return "Bearer " + issuer.token(claims -> claims.subject(subject).claim("scp", scope));
  }

  private Response post(String authorization, String path, String json) {
    HttpTestClient commands = pipeline.commands();
    return commands.send(commands.request(path).header("Authorization", authorization).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(json)));
  }

  private Response get(String authorization, String path) {
    HttpTestClient views = pipeline.views();
    return views.send(views.request(path).header("Authorization", authorization).GET());
  }
}
