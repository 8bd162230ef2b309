package densify

// Stage is the kind of a provider call.
type Stage string

const (
	StageFull  Stage = "full"  // the whole input in one call (reactive entry)
	StageChunk Stage = "chunk" // one chunk of the input
	StageMerge Stage = "merge" // one merge group of partials
)

// Call is one provider call as the flow saw it. Token figures are the
// flow's own estimates (Config.Estimator), not the provider's count.
type Call struct {
	Seq          int   // order of dispatch, from 1
	Stage        Stage // full, chunk or merge
	Round        int   // chunk-budget round: 0 until the first chunk-budget halving
	MergeTry     int   // merge-budget attempt within the round: 0 until the first merge halving
	Pass         int   // merge pass, from 1; 0 for full and chunk calls
	Index, Of    int   // this call is Index of Of in its step (from 1)
	ChunkBudget  int   // chunk budget in force (0 for the full call)
	MergeBudget  int   // merge budget in force (merge calls only)
	PromptTokens int   // estimate of the prompt
	InputTokens  int   // estimate of the input
	OutputTokens int   // estimate of the output (0 on error)
	Err          error // the provider's error, if any
	Class        Class // Classify(Err); Other when Err is nil
}
