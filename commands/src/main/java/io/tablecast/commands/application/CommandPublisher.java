package io.tablecast.commands.application;

/** Port: hands a command to the command processor, durably (returns once it is stored). */
public interface CommandPublisher {

  void publish(CommandEnvelope envelope);
}
