/** The conversation analyser behind POST /aggregate/smart-scheduling. */
export { analyzeConversation, type AnalyzeOptions } from './builtin-analyzer.js';
export {
  analyzeWithFallback,
  createLlmAnalyzer,
  LlmAnalysisError,
  type AnalyzerInfo,
  type LlmAnalyzer,
  type LlmAnalyzerConfig,
} from './llm-analyzer.js';
export {
  KNOWN_SPECIALTIES,
  OTHER_SPECIALTIES,
  PRACTICE_SPECIALTIES,
} from './specialty-vocabulary.js';
