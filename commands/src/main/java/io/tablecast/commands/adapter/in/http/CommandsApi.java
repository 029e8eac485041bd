package io.tablecast.commands.adapter.in.http;

import static io.javalin.apibuilder.ApiBuilder.patch;
import static io.javalin.apibuilder.ApiBuilder.post;
import static io.javalin.apibuilder.ApiBuilder.put;

import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import io.tablecast.commands.adapter.in.http.Requests.ArchiveRequest;
import io.tablecast.commands.adapter.in.http.Requests.AssignManagerRequest;
import io.tablecast.commands.adapter.in.http.Requests.ChangeDetailsRequest;
import io.tablecast.commands.adapter.in.http.Requests.CreateDepartmentRequest;
import io.tablecast.commands.adapter.in.http.Requests.HireEmployeeRequest;
import io.tablecast.commands.adapter.in.http.Requests.TransferRequest;
import io.tablecast.commands.application.CommandService;
import io.tablecast.commands.application.CommandTimeoutException;
import io.tablecast.commands.application.IdempotencyRef;
import io.tablecast.commands.domain.Command;
import io.tablecast.commands.domain.RefusedRequest;
import io.tablecast.common.http.Caller;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import io.tablecast.common.kafka.ConsistencyTokens;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.events.Actor;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The commands HTTP API (SPEC §5). Each route checks its URL and headers, reads its body
 * strictly, turns it into a command, submits it and answers with the processor's decision:
 * synchronous from the client's point of view, bounded by the command timeout.
 *
 * <p>With an {@code Idempotency-Key}, a request whose body the API refuses (400, 422) still goes
 * to the idempotency registry, so that the refusal is the key's first answer (SPEC §9).
 *
 * <p>Each command carries its caller ({@link CallerActors}) as the actor of the events it causes.
 *
 * <p>With tracing on, each request is a server span ({@link ServerSpans}).
 */
public final class CommandsApi implements EndpointGroup {

  static final ProblemType COMMAND_TIMEOUT = new ProblemType(503, "command-timeout", "Command outcome not known yet");

  private final CommandService commands;
  private final ServerSpans spans;
  private final ConsistencyTokens tokens;

  /** @param tokens how the answers' consistency tokens are written: signed, when a key is set */
  public CommandsApi(CommandService commands, Tracing tracing, ConsistencyTokens tokens) {
    this.commands = commands;
    this.spans = new ServerSpans(tracing);
    this.tokens = tokens;
  }

  @Override
  public void addEndpoints() {
    post("/departments", spans.traced(ctx -> handle(ctx, 201, "/departments",
        req -> CommandMapping.createDepartment(req.body(CreateDepartmentRequest.class)))));
    put("/departments/{dept}/manager", spans.traced(ctx -> {
      DepartmentId dept = departmentInPath(ctx);
      handle(ctx, 200, "/departments/" + dept + "/manager",
          req -> CommandMapping.assignManager(dept, req.body(AssignManagerRequest.class)));
    }));
    post("/employees", spans.traced(ctx -> handle(ctx, 201, "/employees",
        req -> CommandMapping.hire(req.body(HireEmployeeRequest.class)))));
    patch("/employees/{id}", spans.traced(ctx -> {
      EmployeeId id = employeeInPath(ctx);
      Optional<Long> expected = Preconditions.expectedVersion(ctx.header("If-Match"));
      handle(ctx, 200, "/employees/" + id.canonical(),
          req -> CommandMapping.changeDetails(id, req.body(ChangeDetailsRequest.class), req.explicitNulls(), expected));
    }));
    post("/employees/{id}/transfer", spans.traced(ctx -> {
      EmployeeId id = employeeInPath(ctx);
      Optional<Long> expected = Preconditions.expectedVersion(ctx.header("If-Match"));
      handle(ctx, 200, "/employees/" + id.canonical() + "/transfer",
          req -> CommandMapping.transfer(id, req.body(TransferRequest.class), expected));
    }));
    post("/employees/{id}/archive", spans.traced(ctx -> {
      EmployeeId id = employeeInPath(ctx);
      Optional<Long> expected = Preconditions.expectedVersion(ctx.header("If-Match"));
      handle(ctx, 200, "/employees/" + id.canonical() + "/archive",
          req -> CommandMapping.archive(id, req.optionalBody(ArchiveRequest.class), expected));
    }));
  }

  private void handle(Context ctx, int successStatus, String canonicalPath, Function<CommandRequest, Command> toCommand) {
    Actor actor = CallerActors.of(ctx);
    Optional<String> key = IdempotencyKeys.key(ctx.header(IdempotencyKeys.HEADER));
    CommandRequest request = new CommandRequest(ctx);
    Command command;
    try {
      command = toCommand.apply(request);
    } catch (ProblemException refused) {
      int status = refused.type().status();
      if (key.isEmpty() || !request.bodyRead() || (status != 400 && status != 422)) {
        throw refused;
      }
      command = new RefusedRequest(canonicalPath, OutcomeResponses.toRejection(refused));
    }
    Optional<IdempotencyRef> ref =
        key.map(k -> IdempotencyKeys.ref(Caller.attached(ctx).map(Caller::subject), ctx.method().name(), canonicalPath, k,
            request.bytesRead()));
    try {
      OutcomeResponses.respond(ctx, commands.submit(command, actor, ref), successStatus, tokens);
    } catch (CommandTimeoutException e) {
      throw new ProblemException(
          COMMAND_TIMEOUT,
          "The command was accepted for processing but its outcome did not arrive in time; it may still be applied.",
          List.of(),
          Optional.of(Duration.ofSeconds(1)));
    }
  }

  /** An id that cannot exist is as absent as one that does not (SPEC §9): 404. */
  private static EmployeeId employeeInPath(Context ctx) {
    return EmployeeId.tryParse(ctx.pathParam("id")).orElseThrow(() -> new ProblemException(
        ProblemType.NOT_FOUND, "No employee can have the id '" + ctx.pathParam("id") + "'."));
  }

  private static DepartmentId departmentInPath(Context ctx) {
    return DepartmentId.tryParse(ctx.pathParam("dept")).orElseThrow(() -> new ProblemException(
        ProblemType.NOT_FOUND, "No department can have the id '" + ctx.pathParam("dept") + "'."));
  }
}
