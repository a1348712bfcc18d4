export { startFakeOpenAIServer } from './fake-openai-server';
export type {
  ChatCompletionRequest,
  FakeCompletion,
  FakeFailure,
  FakeHang,
  FakeOpenAIServer,
  FakeOpenAIServerOptions,
  FakeResponse,
  RecordedRequest,
} from './fake-openai-server';
