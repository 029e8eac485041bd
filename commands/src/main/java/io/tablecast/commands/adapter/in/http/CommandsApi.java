package io.tablecast.commands.adapter.in.http;

import static io.javalin.apibuilder.ApiBuilder.post;

import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import io.tablecast.commands.adapter.in.http.Requests.CreateDepartmentRequest;
import io.tablecast.commands.adapter.in.http.Requests.HireEmployeeRequest;
import io.tablecast.commands.application.CommandService;
import io.tablecast.commands.application.CommandTimeoutException;
import io.tablecast.commands.domain.Command;
import io.tablecast.common.http.JsonBodies;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The commands HTTP API (SPEC §5): each route reads its body strictly, turns it into a command,
 * submits it and answers with the processor's decision. Synchronous from the client's point of
 * view, bounded by the command timeout.
 */
public final class CommandsApi implements EndpointGroup {

  static final ProblemType COMMAND_TIMEOUT = new ProblemType(503, "command-timeout", "Command outcome not known yet");

  private final CommandService commands;

  public CommandsApi(CommandService commands) {
    this.commands = commands;
  }

  @Override
  public void addEndpoints() {
    post("/departments", ctx -> submit(ctx, CommandMapping.createDepartment(JsonBodies.read(ctx, CreateDepartmentRequest.class)), 201));
    post("/employees", ctx -> submit(ctx, CommandMapping.hire(JsonBodies.read(ctx, HireEmployeeRequest.class)), 201));
  }

  private void submit(Context ctx, Command command, int successStatus) {
    try {
      OutcomeResponses.respond(ctx, commands.submit(command), successStatus);
    } catch (CommandTimeoutException e) {
      throw new ProblemException(
          COMMAND_TIMEOUT,
          "The command was accepted for processing but its outcome did not arrive in time; it may still be applied.",
          List.of(),
          Optional.of(Duration.ofSeconds(1)));
    }
  }
}
